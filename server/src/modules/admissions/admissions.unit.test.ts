/** Pure helpers of the admissions service: merging and checking saved records, transcript checks. */
import { describe, expect, it } from 'vitest';
import { checkTranscript, contentDisposition, mergeFormData, sanitizeFileName } from './admissions.service.js';
import { normaliseRecords } from './admission-input.js';
import { because } from '../../core/errors.js';

describe('saved records', () => {
  it('merges a save field by field over what was saved', () => {
    const saved = [{ step: 1, title: 'Applicant Information', data: { studentFullName: 'Riley', studentEmail: 'r@example.org' } }];
    const merged = mergeFormData(saved, [{ step: 1, title: 'Applicant Information', data: { studentEmail: 'new@example.org' } }]);
    expect(merged).toEqual([{ step: 1, title: 'Applicant Information', data: { studentFullName: 'Riley', studentEmail: 'new@example.org' } }]);
  });

  it('refuses unknown steps, unknown fields and wrong types with a message', () => {
    expect(() => normaliseRecords([{ step: 9, data: {} }])).toThrow('Unknown application step 9.');
    expect(() => normaliseRecords([{ step: 1, data: { schoolName: 'x' } }])).toThrow('Unknown field "schoolName" in step 1.');
    expect(() => normaliseRecords([{ step: 7, data: { techComputer: 'yes' } }])).toThrow('Has Daily Computer Access must be true or false.');
    expect(() => normaliseRecords([{ step: 1, data: { studentFullName: 5 } }])).toThrow('Full Legal Name must be text.');
    expect(normaliseRecords([{ step: 1, data: { studentFullName: null } }])[0].data.studentFullName).toBe('');
  });
});

describe('transcript checks', () => {
  it('accepts allowed extensions whose first bytes agree', () => {
    expect(checkTranscript('a.PDF', Buffer.from('%PDF-1.7'))).toEqual({ ok: true, mime: 'application/pdf' });
    expect(checkTranscript('a.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toMatchObject({ ok: true, mime: 'image/jpeg' });
    expect(checkTranscript('a.docx', Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toMatchObject({ ok: true });
  });

  it('refuses other types, empty files, and contents that do not match the extension', () => {
    expect(checkTranscript('a.exe', Buffer.from('MZ'))).toEqual({ ok: false, message: because('TRANSCRIPT_TYPE_INVALID') });
    expect(checkTranscript('noext', Buffer.from('%PDF'))).toMatchObject({ ok: false });
    expect(checkTranscript('a.pdf', Buffer.alloc(0))).toEqual({ ok: false, message: because('FILE_EMPTY') });
    expect(checkTranscript('a.pdf', Buffer.from('<html>'))).toEqual({ ok: false, message: because('FILE_CONTENT_MISMATCH', { name: 'a.pdf', type: 'PDF' }) });
    expect(checkTranscript('a.png', Buffer.from('%PDF-1.7'))).toMatchObject({ ok: false });
  });

  it('stores a safe name and serves it as an attachment', () => {
    expect(sanitizeFileName('C:\\Users\\x\\report card.pdf')).toBe('report card.pdf');
    expect(sanitizeFileName('../../etc/"pass"\u0000wd.pdf')).toBe('passwd.pdf');
    expect(contentDisposition('notas é "x".pdf')).toBe(`attachment; filename="notas _ _x_.pdf"; filename*=UTF-8''notas%20%C3%A9%20%22x%22.pdf`);
  });
});
