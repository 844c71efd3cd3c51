import { describe, expect, it } from 'vitest';
import { courseVariables } from './CoursePage';

const UUID = '22222222-2222-4222-8222-222222222222';

describe('courseVariables', () => {
  it('names the course by the uuid of /course-page/{uuid}', () => {
    expect(courseVariables(UUID, undefined)).toEqual({ uuid: UUID });
  });

  it('names the course of /courses/{id} by its number, or by its uuid when the address carries one', () => {
    expect(courseVariables(undefined, '42')).toEqual({ id: 42 });
    expect(courseVariables(undefined, UUID)).toEqual({ uuid: UUID });
  });

  it('sends anything else as given, for the server to refuse, never a made-up id', () => {
    expect(courseVariables(undefined, 'not-a-course')).toEqual({ uuid: 'not-a-course' });
    expect(courseVariables(undefined, '99999999999')).toEqual({ uuid: '99999999999' });
  });
});
