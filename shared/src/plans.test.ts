import { describe, expect, it } from 'vitest';
import { defaultTermLabelKey } from './plans.js';

describe('default term labels', () => {
  it('knows the labels a school starts with, and nothing else', () => {
    expect(['9th Grade', '12th Grade', '1st Year', '2nd Year'].map(defaultTermLabelKey)).toEqual(['grade9', 'grade12', 'year1', 'year2']);
    // Written labels, near misses and the names every object has are not defaults.
    expect(['9th grade', ' 9th Grade', 'Fall 2027', '', 'constructor', '__proto__', 'toString'].map(defaultTermLabelKey)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
