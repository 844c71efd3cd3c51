import { describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import { User, UserType } from '../accounts/user.entity.js';
import { Payment } from '../payments/payment.entity.js';
import { contractDocument, missingSpots, REQUIRED_SPOTS } from './contract-text.js';
import { NAMES_IN_EVERY_SCRIPT, pdfStrings, pdfText } from '../../../../shared/testing/pdf-text.js';
import { buildAcceptedParent, buildDualSchool, contractPayload, fullPlacements } from './contracts.factories.js';
import { proposedSchoolYear, schoolYearStartOf } from '../payments/pricing.js';

const TODAY = new Date().toISOString().slice(0, 10);
/** The current school year, as the factories' dual schools have it (from today's date). */
const YEAR = proposedSchoolYear(schoolYearStartOf(TODAY)).label;
import { EnrollmentContract } from './enrollment-contract.entity.js';

const h = useHarness();

describe('the contract text (one source for the page and the PDF)', () => {
  it('has the nine sections, attachments A and B, and the 11 required spots in order', () => {
    const doc = contractDocument();
    const headings = doc.sections.map((s) => s.heading);
    expect(headings).toEqual([
      '1. Program Structure',
      '2. Legal Compliance: FERPA, COPPA and Privacy',
      '3. Code of Conduct and Technology Use',
      '4. College-Level Academic Responsibilities',
      '5. Enrollment Terms: Tuition, Withdrawal and Termination',
      '6. University Guarantee and Limitation of Liability',
      '7. Dispute Resolution',
      '8. Entire Agreement',
      '9. Signatures',
      'Attachment A: Tuition and Fee Schedule',
      'Attachment B: Directory Information Opt-Out',
    ]);
    expect(doc.sections.flatMap((s) => s.spots.map((p) => p.name))).toEqual([...REQUIRED_SPOTS]);
    const all = doc.sections.map((s) => s.paragraphs.join(' ')).join(' ');
    expect(all).toContain('Families buy their own technology');
    expect(all).toContain('laws of the State of Nevada');
    expect(all).toContain('mediation');
    expect(all).toContain('binding arbitration in Clark County');
    const feeSchedule = doc.sections[9].paragraphs.join(' ');
    for (const figure of ['$10,000', '$9,500', '$1,000 per month for 10 months', '$9,000', '5% per month', '$399']) expect(feeSchedule).toContain(figure);
    expect(doc.sections[10].link).toEqual({ label: 'Directory Information Opt-Out Form', href: '/directory-opt-out-form' });
    expect(doc.sections[10].paragraphs[0]).toContain('within 15 calendar days of signing');
  });

  it('missingSpots names every absent or blank spot, in contract order', () => {
    expect(missingSpots(fullPlacements())).toEqual([]);
    expect(missingSpots({})).toEqual([...REQUIRED_SPOTS]);
    const { parent_date: _d, coppa_initials: _c, ...rest } = fullPlacements();
    expect(missingSpots({ ...rest, parent_name: '  ' })).toEqual(['coppa_initials', 'parent_name', 'parent_date']);
  });

  it("is in the reader's language on /graphql: headings with the English after them, labels translated, the English body kept", async () => {
    const fam = await buildAcceptedParent(h);
    await h.db.getRepository(User).update({ id: fam.parent.id }, { locale: 'es' });
    const res = await h.gql(`{ enrollmentContractDocument { title intro sections { heading paragraphs spots { label } link { label } } } }`, {}, fam.token);
    expect(res.errors).toBeUndefined();
    const doc = res.data!.enrollmentContractDocument;
    const english = contractDocument();
    expect(doc.title).toBe(`Contrato de inscripción de Dual School, año escolar ${YEAR} / Dual School Enrollment Contract, ${YEAR} School Year`);
    expect(doc.sections[6].heading).toBe('7. Resolución de disputas / 7. Dispute Resolution');
    expect(doc.sections[8].spots.map((p: { label: string }) => p.label)).toEqual([
      'Firma del padre, la madre o el tutor',
      'Nombre en letra de molde del padre, la madre o el tutor',
      'Fecha',
    ]);
    expect(doc.sections[10].link.label).toBe('Formulario de exclusión de la información de directorio');
    expect(doc.sections.map((s: { paragraphs: string[] }) => s.paragraphs)).toEqual(english.sections.map((s) => s.paragraphs));
    expect(doc.intro).toBe(`El texto en inglés de este documento es el que tiene validez legal. Los títulos se muestran también en su idioma. ${english.intro}`);
  });

  it('is served on /graphql exactly as the PDF draws it', async () => {
    const res = await h.gql(`{ enrollmentContractDocument { title sections { heading paragraphs spots { name kind } link { href } } } }`);
    expect(res.errors).toBeUndefined();
    const doc = contractDocument();
    expect(res.data!.enrollmentContractDocument.title).toBe(doc.title);
    expect(res.data!.enrollmentContractDocument.sections.map((s: { paragraphs: string[] }) => s.paragraphs)).toEqual(doc.sections.map((s) => s.paragraphs));
    expect(res.data!.enrollmentContractDocument.sections[1].spots).toEqual([
      { name: 'ferpa_initials', kind: 'initials' },
      { name: 'coppa_initials', kind: 'initials' },
    ]);
  });
});

describe('POST /api/generate-enrollment-contract-pdf/', () => {
  it('draws every placed signature, initial, name and date into a stored PDF the parent can fetch', async () => {
    const fam = await buildAcceptedParent(h, { studentName: 'Jesse Avery' });
    const res = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(fam.token))
      .send(contractPayload(fullPlacements('Robin Avery', 'R.A.', '11/23/2026'), '2026-11-23T10:00:00.000Z'));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.error).toBeNull();
    expect(res.body.pdf_url).toMatch(/^\/files\/contracts\/[0-9a-f-]{36}\.pdf$/);

    const file = await h.api
      .get(res.body.pdf_url)
      .set(h.auth(fam.token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const bytes = file.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Student: Jesse Avery');
    expect(text).toContain('7. Dispute Resolution');
    expect(text).toContain('Attachment B: Directory Information Opt-Out');
    // 8 initials, the signature and printed name, the date: each drawn in its spot.
    const strings = await pdfStrings(bytes);
    expect(strings.filter((l) => l === 'R.A.')).toHaveLength(8);
    expect(strings.filter((l) => l === 'Robin Avery')).toHaveLength(2);
    expect(strings).toContain('11/23/2026');

    const row = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: fam.parent.id });
    expect(row.placedSignatures.dispute_initials).toBe('R.A.');
    expect(row.signedAt?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(row.completedAt).toBeNull();
  });

  it('prints the names of every script exactly, in the text, the signatures and the initials', async () => {
    for (const [i, n] of NAMES_IN_EVERY_SCRIPT.entries()) {
      const student = NAMES_IN_EVERY_SCRIPT[(i + 1) % NAMES_IN_EVERY_SCRIPT.length];
      const studentName = `${student.first} ${student.last}`;
      const fullName = `${n.first} ${n.last}`;
      const initials = `${[...n.first][0]}.${[...n.last][0]}.`;
      const fam = await buildAcceptedParent(h, { studentName, firstName: n.first, lastName: n.last });
      const res = await h.api
        .post('/api/generate-enrollment-contract-pdf/')
        .set(h.auth(fam.token))
        .send(contractPayload(fullPlacements(fullName, initials, '11/23/2026'), '2026-11-23T10:00:00.000Z'));
      expect(res.status, fullName).toBe(200);
      const file = await h.api
        .get(res.body.pdf_url)
        .set(h.auth(fam.token))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      const text = await pdfText(file.body as Buffer);
      expect(text, fullName).toContain(`Student: ${studentName}`);
      expect(text, fullName).not.toContain('?');
      const strings = await pdfStrings(file.body as Buffer);
      expect(
        strings.filter((l) => l === fullName),
        fullName,
      ).toHaveLength(2);
      expect(
        strings.filter((l) => l === initials),
        fullName,
      ).toHaveLength(8);
    }
  });

  const contractPdfIn = async (locale: string, first: string, last: string, studentName: string, initials: string) => {
    const fam = await buildAcceptedParent(h, { studentName, firstName: first, lastName: last });
    await h.db.getRepository(User).update({ id: fam.parent.id }, { locale: locale as User['locale'] });
    const res = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(fam.token))
      .send(contractPayload(fullPlacements(`${first} ${last}`, initials, '11/23/2026'), '2026-11-23T10:00:00.000Z'));
    expect(res.status).toBe(200);
    const file = await h.api
      .get(res.body.pdf_url)
      .set(h.auth(fam.token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    return file.body as Buffer;
  };

  it("draws a Vietnamese reader's contract with its headings and labels in Vietnamese, the English heading and body kept, names exactly", async () => {
    const pdf = await contractPdfIn('vi', 'Thị Minh', 'Nguyễn', 'Bảo Trần', 'T.N.');
    // Long headings and labels wrap: read the text as one run.
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const s of [
      `Hợp đồng nhập học Dual School, năm học ${YEAR} / Dual School Enrollment Contract, ${YEAR} School Year`,
      'Học sinh: Bảo Trần',
      'Phụ huynh/người giám hộ: Thị Minh Nguyễn',
      'Bản tiếng Anh của văn bản này là bản có giá trị ràng buộc.',
      '7. Giải quyết tranh chấp / 7. Dispute Resolution',
      'Phụ lục A: Biểu học phí và lệ phí / Attachment A: Tuition and Fee Schedule',
      'Chữ ký của phụ huynh/người giám hộ:',
      'Chữ viết tắt tên của phụ huynh/người giám hộ: FERPA:',
      'Chữ viết tắt tên của phụ huynh/người giám hộ: giải quyết tranh chấp:',
      'laws of the State of Nevada',
      'trang 1/',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toContain('Parent/Guardian initials');
    const strings = await pdfStrings(pdf);
    expect(strings.filter((l) => l === 'Thị Minh Nguyễn')).toHaveLength(2);
    expect(strings.filter((l) => l === 'T.N.')).toHaveLength(8);
  });

  it("draws a Chinese reader's contract with its headings and labels in Chinese, names exactly", async () => {
    const pdf = await contractPdfIn('zh', '小明', '王', '王小红', '王');
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const s of [
      `Dual School 入学合同（${YEAR} 学年） / Dual School Enrollment Contract, ${YEAR} School Year`,
      '学生：王小红',
      '家长/监护人：小明 王',
      '本文件以英文文本为准。',
      '2. 法律合规：FERPA、COPPA 与隐私 / 2. Legal Compliance: FERPA, COPPA and Privacy',
      '9. 签名 / 9. Signatures',
      '家长/监护人签名：',
      '日期：',
      '第 1 页，共',
    ])
      expect(text, s).toContain(s);
    const strings = await pdfStrings(pdf);
    expect(strings.filter((l) => l === '小明 王')).toHaveLength(2);
  });

  it('names the student from the accepted application when the contract has no name', async () => {
    const school = await buildDualSchool(h);
    const parent = await h.buildParent({ school, applicationStatus: 'accepted', firstName: 'Dana', lastName: 'Reyes' });
    const formData = [{ step: 1, title: 'Applicant Information', data: { studentFullName: 'Luis Reyes', studentDOB: '01/02/2011' } }];
    await h.db.query(`INSERT INTO applications (parent_id, school_id, form_data) VALUES ($1, $2, $3)`, [parent.id, school.id, JSON.stringify(formData)]);
    const token = await h.tokenFor(parent);
    const res = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(token))
      .send(contractPayload(fullPlacements('Dana Reyes', 'DR')));
    expect(res.status).toBe(200);
    expect((await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: parent.id })).studentName).toBe('Luis Reyes');
  });

  it('lists the missing spots and stores nothing', async () => {
    const fam = await buildAcceptedParent(h);
    const { liability_initials: _l, parent_signature: _s, ...partial } = fullPlacements();
    const res = await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send(contractPayload(partial));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      pdf_url: null,
      error: 'Please place all required signatures and initials. Missing: liability_initials, parent_signature',
    });
    const row = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: fam.parent.id });
    expect(row.pdfGeneratedAt).toBeNull();
  });

  it('refuses unknown spots, a bad date and a malformed payload with 400', async () => {
    const fam = await buildAcceptedParent(h);
    const unknown = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(fam.token))
      .send(contractPayload({ ...fullPlacements(), bonus_initials: 'X' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown signature spot: bonus_initials.');
    const badDate = await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send(contractPayload(fullPlacements(), 'yesterday'));
    expect(badDate.status).toBe(400);
    expect(badDate.body.error).toBe('completionDate must be an ISO date and time.');
    const malformed = await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send({ contractData: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
  });

  it('only the parent of an accepted dual-school application may sign', async () => {
    const anonymous = await h.api.post('/api/generate-enrollment-contract-pdf/').send(contractPayload());
    expect(anonymous.status).toBe(401);

    const dual = await h.buildSchool({ dualSchoolEnabled: true });
    const student = await h.buildStudent({ school: dual });
    const asStudent = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(await h.tokenFor(student)))
      .send(contractPayload());
    expect(asStudent.status).toBe(403);

    const applying = await h.buildParent({ school: dual, applicationStatus: 'complete' });
    const notYet = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(await h.tokenFor(applying)))
      .send(contractPayload());
    expect(notYet.status).toBe(403);
    expect(notYet.body.error).toBe('The enrollment contract can be signed once the application is accepted.');

    const elsewhere = await h.buildParent({ applicationStatus: 'accepted' }); // a school without the dual-school program
    const other = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(await h.tokenFor(elsewhere)))
      .send(contractPayload());
    expect(other.status).toBe(403);
    expect(await h.db.getRepository(EnrollmentContract).countBy({ parentId: elsewhere.id })).toBe(0);
  });
});

describe('the contract PDF file', () => {
  it('is served to the parent and the dual school staff, and to no one else', async () => {
    const fam = await buildAcceptedParent(h);
    const gen = await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send(contractPayload());
    const url = gen.body.pdf_url as string;

    const staff = await h.buildStaff({ school: fam.school });
    expect((await h.api.get(url).set(h.auth(await h.tokenFor(staff)))).status).toBe(200);

    const otherParent = await buildAcceptedParent(h, { school: fam.school });
    expect((await h.api.get(url).set(h.auth(otherParent.token))).status).toBe(404);
    const lincolnAdmin = await h.login(DEMO.admin);
    expect((await h.api.get(url).set(h.auth(lincolnAdmin))).status).toBe(404);
    expect((await h.api.get(url)).status).toBe(401);
    // Not a contract id at all: bad input, not "not found" (core/ids.ts); a 36-dash id never reaches the uuid cast.
    expect((await h.api.get('/files/contracts/not-a-contract.pdf').set(h.auth(fam.token))).status).toBe(400);
    expect((await h.api.get(`/files/contracts/${'-'.repeat(36)}.pdf`).set(h.auth(fam.token))).status).toBe(400);
    expect((await h.api.get('/files/contracts/00000000-0000-4000-8000-000000000000.pdf').set(h.auth(fam.token))).status).toBe(404);
  });
});

describe('POST /api/enrollment-contract-completion/', () => {
  it('needs a generated contract first', async () => {
    const fam = await buildAcceptedParent(h);
    const res = await h.api.post('/api/enrollment-contract-completion/').set(h.auth(fam.token)).send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please generate and review the contract PDF before completing it.');
    expect((await h.userByEmail(fam.parent.email)).applicationStatus).toBe('accepted');
  });

  it('enrolls the family, makes the annual tuition due, and then the contract never changes', async () => {
    const fam = await buildAcceptedParent(h);
    await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(fam.token)).send(contractPayload());
    const done = await h.api.post('/api/enrollment-contract-completion/').set(h.auth(fam.token)).send({});
    expect(done.status).toBe(200);
    expect(done.body.application_status).toBe('enrolled');

    expect((await h.userByEmail(fam.parent.email)).applicationStatus).toBe('enrolled');
    const contract = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: fam.parent.id });
    expect(contract.completedAt).toBeInstanceOf(Date);
    const dues = await h.db.getRepository(Payment).findBy({ familyId: fam.parent.id });
    expect(dues).toHaveLength(1);
    expect(dues[0]).toMatchObject({
      title: `Tuition ${YEAR}`,
      // The year's tuition date has passed: it falls due on the day the family signs.
      dueDate: [proposedSchoolYear(schoolYearStartOf(TODAY)).tuitionDueOn, TODAY].sort().at(-1),
      amountCents: 1_000_000,
      paymentType: 'annual',
      status: 'due',
      contractId: contract.id,
    });

    const due = await h.api.get('/api/payments-due/').set(h.auth(fam.token));
    expect(due.body).toEqual([{ id: dues[0].id, title: `Tuition ${YEAR}`, due_date: dues[0].dueDate, amount: 10000, payment_type: 'annual', school_year: YEAR }]);

    const again = await h.api.post('/api/enrollment-contract-completion/').set(h.auth(fam.token)).send({});
    expect(again.status).toBe(409);
    const regenerate = await h.api
      .post('/api/generate-enrollment-contract-pdf/')
      .set(h.auth(fam.token))
      .send(contractPayload(fullPlacements('Someone Else', 'S.E.')));
    expect(regenerate.status).toBe(409);
    expect(regenerate.body).toMatchObject({ success: false, pdf_url: null, error: 'This enrollment contract is already signed and can no longer be changed.' });
    const after = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: fam.parent.id });
    expect(after.placedSignatures.parent_name).toBe('Robin Avery');
    expect(await h.db.getRepository(Payment).countBy({ familyId: fam.parent.id })).toBe(1);
  });

  it('works the same on /graphql', async () => {
    const fam = await buildAcceptedParent(h);
    const placed = Object.entries(fullPlacements()).map(([spot, value]) => ({ spot, value }));
    const gen = await h.gql(
      `mutation($input: GenerateContractPdfInput!) { generateEnrollmentContractPdf(input: $input) { success pdfUrl error } }`,
      { input: { placedSignatures: placed.slice(0, 10), completionDate: new Date().toISOString() } },
      fam.token,
    );
    expect(gen.code).toBe('BAD_USER_INPUT');
    expect(gen.errors![0].message).toBe('Please place all required signatures and initials. Missing: parent_date');

    const ok = await h.gql(
      `mutation($input: GenerateContractPdfInput!) { generateEnrollmentContractPdf(input: $input) { success pdfUrl error } }`,
      { input: { placedSignatures: placed, completionDate: new Date().toISOString(), userName: 'Robin Avery', userEmail: fam.parent.email } },
      fam.token,
    );
    expect(ok.data!.generateEnrollmentContractPdf).toMatchObject({ success: true, error: null });
    const mine = await h.gql(`{ myEnrollmentContract { status studentName pdfUrl } }`, {}, fam.token);
    expect(mine.data!.myEnrollmentContract).toEqual({ status: 'generated', studentName: 'Jesse Avery', pdfUrl: ok.data!.generateEnrollmentContractPdf.pdfUrl });

    const done = await h.gql(`mutation { completeEnrollmentContract { applicationStatus } }`, {}, fam.token);
    expect(done.data!.completeEnrollmentContract.applicationStatus).toBe('enrolled');
    const twice = await h.gql(`mutation { completeEnrollmentContract { applicationStatus } }`, {}, fam.token);
    expect(twice.code).toBe('CONFLICT');
  });
});

it('the demo seed has an accepted dual-school parent with an unsigned contract', async () => {
  const casey = await h.userByEmail(DEMO.acceptedParent);
  expect(casey).toMatchObject({ firstName: 'Casey', lastName: 'Morgan', userType: UserType.Parent, applicationStatus: 'accepted' });
  const contract = await h.db.getRepository(EnrollmentContract).findOneByOrFail({ parentId: casey.id });
  expect(contract.studentName).toBe('Jamie Morgan');
});
