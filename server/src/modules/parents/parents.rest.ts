import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import type { User } from '../accounts/user.entity.js';
import { checkParentCode } from './parents-input.js';

const studentJson = (u: User) => ({ id: u.id, first_name: u.firstName, last_name: u.lastName, email: u.email });

export function mountParentRoutes(r: Router, deps: AppDeps): void {
  const { parents } = deps.services;
  route(r, deps, 'get', '/parent-students/', 'parentStudents', async (ctx) => (await parents.linkedStudents(ctx)).map(studentJson));
  route(r, deps, 'post', '/add-student/', 'addStudent', async (ctx, req) => ({ student: studentJson(await parents.addStudent(ctx, checkParentCode(req.body))) }));
}
