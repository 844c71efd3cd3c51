import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { schoolJson } from '../schools/schools.rest.js';
import { checkChangePassword, checkLogin, checkNewPassword, checkRegister, checkResetRequest, checkViewAs } from './accounts-input.js';
import { checkContact, checkLabels, checkLocale } from './profile-input.js';
import { contactOf, type CurrentUserView } from './profile.service.js';
import { type User, UserType } from './user.entity.js';

export function currentUserJson({ user, school, caller, locale }: CurrentUserView) {
  return {
    user_id: user.id,
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    user_type: user.userType,
    application_status: user.applicationStatus,
    grade: user.grade,
    dob: user.dob,
    parent_code: user.userType === UserType.Student ? user.parentCode : null,
    academic_year_labels: user.academicYearLabels,
    school: school ? schoolJson(school) : null,
    dual_school_enabled: school?.dualSchoolEnabled ?? false,
    viewing_as: caller.actingUserId === null ? null : { acting_user_id: caller.actingUserId, read_only: caller.readOnly },
    locale,
    ...contactJson(user),
  };
}

/** A parent's contact preference and phone; null for anyone else (profile.policy.ts). */
function contactJson(user: User) {
  const { contactPreference, phone } = contactOf(user);
  return { contact_preference: contactPreference, phone };
}

export function mountAccountRoutes(r: Router, deps: AppDeps): void {
  const { accounts, profile, viewAs } = deps.services;

  route(r, deps, 'post', '/register/', 'register', async (ctx, req, res) => {
    const { token, userType } = await accounts.register(ctx, checkRegister(req.body));
    res.status(201).json({ user_type: userType, token });
  });
  route(r, deps, 'post', '/login/', 'login', async (ctx, req) => {
    const { token, userType } = await accounts.login(ctx, checkLogin(req.body));
    return { token, user_type: userType };
  });
  route(r, deps, 'post', '/logout/', 'logout', async (ctx) => {
    await accounts.logout(ctx);
    return { message: 'Signed out.' };
  });
  route(r, deps, 'get', '/current-user/', 'currentUser', async (ctx) => currentUserJson(await profile.currentUser(ctx)));
  // Spec 3 §7: the user as the consent and Open CCC screens read it.
  route(r, deps, 'get', '/user/', 'user', async (ctx) => {
    const { user, school } = await profile.currentUser(ctx);
    return { first_name: user.firstName, last_name: user.lastName, email: user.email, dob: user.dob, grade: user.grade, school: school ? { name: school.name } : null };
  });
  route(r, deps, 'put', '/locale/', 'updateLocale', async (ctx, req) => ({ locale: await profile.updateLocale(ctx, checkLocale(req.body?.locale)) }));
  route(r, deps, 'put', '/contact-preference/', 'updateContactPreference', async (ctx, req) =>
    contactJson((await profile.updateContactPreference(ctx, checkContact(req.body, ctx.config.smsRules.countries))).user),
  );
  route(r, deps, 'put', '/update-user-labels/', 'updateUserLabels', async (ctx, req) => ({
    academic_year_labels: await profile.updateLabels(ctx, checkLabels(req.body?.academic_year_labels)),
  }));
  route(r, deps, 'post', '/request-reset-password/', 'requestPasswordReset', async (ctx, req) => {
    await accounts.requestPasswordReset(ctx, checkResetRequest(req.body));
    return { message: 'If an account exists for this email, a password reset link has been sent.' };
  });
  route(r, deps, 'post', '/change-password/', 'changePassword', async (ctx, req) => {
    await accounts.changePassword(ctx, checkChangePassword(req.body));
    return { message: 'Password changed. Other sessions were signed out.' };
  });
  route(r, deps, 'post', '/reset-password/:uidb64/:token/', 'resetPassword', async (ctx, req) => {
    await accounts.resetPassword(ctx, String(req.params.uidb64), String(req.params.token), checkNewPassword(req.body));
    return { message: 'Password reset successfully!' };
  });
  route(r, deps, 'post', '/view-as-student/', 'viewAsStudent', async (ctx, req) => ({
    token: await viewAs.viewAsStudent(ctx, checkViewAs(req.body)),
  }));
  route(r, deps, 'post', '/return-to-admin-view/', 'returnToAdminView', async (ctx, req) => ({
    token: await viewAs.returnToOwnView(ctx, UserType.Staff, req.body?.adminToken),
  }));
  route(r, deps, 'post', '/return-to-parent-view/', 'returnToParentView', async (ctx, req) => ({
    token: await viewAs.returnToOwnView(ctx, UserType.Parent, req.body?.parentToken),
  }));
}
