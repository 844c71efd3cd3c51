/** Parents and the students they link to with a parent code. */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, because } from '../../core/errors.js';
import { limit } from '../../core/rate-limit.js';
import { authorize } from '../../core/policy.js';
import { can } from './parents.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { PARENT_INPUT_MESSAGES } from './parents-input.js';
import { ParentStudentLink, User, UserType } from '../accounts/user.entity.js';

export const PARENT_MESSAGES = {
  ...PARENT_INPUT_MESSAGES,
  codeInvalid: 'PARENT_CODE_INVALID',
} as const;

export class ParentsService {
  constructor(private readonly db: DataSource) {}

  async linkedStudents(ctx: RequestContext): Promise<User[]> {
    const caller = authorize(ctx, can, 'listLinkedStudents', null);
    return this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .innerJoin(ParentStudentLink, 'l', 'l.student_id = u.id AND l.parent_id = :pid', { pid: caller.user.id })
      .orderBy('u.first_name')
      .addOrderBy('u.last_name')
      .getMany();
  }

  /** Links exactly the student whose code it is; linking twice is harmless; a wrong code reveals nothing. */
  async addStudent(ctx: RequestContext, input: Checked<string>): Promise<User> {
    const caller = authorize(ctx, can, 'linkStudent', null);
    const parentCode = valid(input);
    await limit(ctx, 'parentCode');
    const student = await this.db.getRepository(User).findOneBy({ parentCode: parentCode.toUpperCase(), userType: UserType.Student });
    if (!student) throw badInput(because(PARENT_MESSAGES.codeInvalid));
    await this.db.query(`INSERT INTO parent_student_links (parent_id, student_id) VALUES ($1, $2) ON CONFLICT (parent_id, student_id) DO NOTHING`, [
      caller.user.id,
      student.id,
    ]);
    return student;
  }
}
