import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { ApplicationStatusEnum, ContactPreferenceEnum, LocaleEnum } from '../../graphql/enums.js';
import { School } from '../schools/school.entity.js';
import { checkChangePassword, checkLogin, checkNewPassword, checkRegister, checkResetRequest, checkViewAs } from './accounts-input.js';
import { checkContact, checkLabels, checkLocale } from './profile-input.js';
import { contactOf, type CurrentUserView } from './profile.service.js';
import { UserType } from './user.entity.js';

@ObjectType({ description: 'Set when an admin or a parent is viewing the product as this student' })
class ViewingAs {
  @Field(() => Int, { description: 'Who is acting through a view-as token (staff or parent), if anyone.' }) actingUserId: number;
  @Field(() => Boolean, { description: "True for a parent's view: the server refuses every change" }) readOnly: boolean;
}

@ObjectType({ description: 'The signed-in user (or the student being viewed)' })
export class CurrentUser {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
  @Field(() => String, { description: 'Email address (lower case).' }) email: string;
  @Field(() => UserType, { description: 'Student, teacher or admin (Staff), parent, or baseline-plan record' }) userType: UserType;
  @Field(() => ApplicationStatusEnum, { nullable: true, description: 'Dual-school parents: not_started, in_progress, complete, accepted, enrolled, declined' })
  applicationStatus: string | null;
  @Field(() => String, { description: 'Grade level (e.g. 9 to 12), or the grade earned where a course is concerned.', nullable: true }) grade: string | null;
  @Field(() => String, { nullable: true, description: 'MMDDYYYY' }) dob: string | null;
  @Field(() => String, { nullable: true, description: 'Students only: the code a parent uses to link' }) parentCode: string | null;
  @Field(() => [String], { description: 'Term labels in order; a term is its 1-based position' }) academicYearLabels: string[];
  @Field(() => School, { description: 'The school.', nullable: true }) school: School | null;
  @Field(() => Boolean, { description: 'School feature flag: dual school is on.' }) dualSchoolEnabled: boolean;
  @Field(() => ViewingAs, { description: 'Set while a view-as token is used: who is acting as this student.', nullable: true }) viewingAs: ViewingAs | null;
  @Field(() => LocaleEnum, { description: "Interface language of the person signed in ('en', 'es', 'vi' or 'zh'); while viewing as a student, the viewer's own" })
  locale: string;
  @Field(() => ContactPreferenceEnum, { nullable: true, description: "Parents: how they hear of their student's plan review, 'email' or 'sms'; null for everyone else" })
  contactPreference: string | null;
  @Field(() => String, { nullable: true, description: 'Parents: the mobile number texts go to (digits, with a leading + if given one); null for everyone else' })
  phone: string | null;
}

export function toCurrentUser({ user, school, caller, locale }: CurrentUserView): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userType: user.userType,
    applicationStatus: user.applicationStatus,
    grade: user.grade,
    dob: user.dob,
    parentCode: user.userType === UserType.Student ? user.parentCode : null,
    academicYearLabels: user.academicYearLabels,
    school,
    dualSchoolEnabled: school?.dualSchoolEnabled ?? false,
    viewingAs: caller.actingUserId === null ? null : { actingUserId: caller.actingUserId, readOnly: caller.readOnly },
    locale,
    ...contactOf(user),
  };
}

@ObjectType({ description: 'A new session: its token and the user type.' })
class AuthPayload {
  @Field(() => String, { description: 'A session token, for the Authorization header (`Token <token>`).' }) token: string;
  @Field(() => UserType, { description: 'The user type.' }) userType: UserType;
}

@ObjectType({ description: 'A session token.' })
class TokenPayload {
  @Field(() => String, { description: 'A session token, for the Authorization header (`Token <token>`).' }) token: string;
}

@InputType({ description: 'The fields to register.' })
class RegisterInput {
  @Field(() => String, { description: 'Sign-up code, which names a user type and a school.' }) signupCode: string;
  @Field(() => String, { description: 'Email address (lower case).' }) email: string;
  @Field(() => String, { description: 'The password (at least 8 characters).' }) password: string;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
}

@Resolver()
export class AccountsResolver {
  @Query(() => CurrentUser, { nullable: true, description: 'Null when no valid token is sent' })
  async currentUser(@Ctx() ctx: AdapterContext): Promise<CurrentUser | null> {
    if (!ctx.caller) return null;
    return toCurrentUser(await ctx.services.profile.currentUser(ctx));
  }

  @Mutation(() => AuthPayload, { description: 'Creates an account from a sign-up code and signs it in' })
  async register(@Ctx() ctx: AdapterContext, @Arg('input', () => RegisterInput, { description: 'The fields to save.' }) input: RegisterInput): Promise<AuthPayload> {
    return ctx.services.accounts.register(
      ctx,
      checkRegister({
        signup_code: input.signupCode,
        email: input.email,
        password: input.password,
        first_name: input.firstName,
        last_name: input.lastName,
      }),
    );
  }

  @Mutation(() => AuthPayload, { description: 'Signs in.' })
  async login(
    @Ctx() ctx: AdapterContext,
    @Arg('email', () => String, { description: 'Email address (lower case).' }) email: string,
    @Arg('password', () => String, { description: 'The password (at least 8 characters).' }) password: string,
  ): Promise<AuthPayload> {
    return ctx.services.accounts.login(ctx, checkLogin({ email, password }));
  }

  @Mutation(() => Boolean, { description: 'Revokes the token this request carries' })
  async logout(@Ctx() ctx: AdapterContext): Promise<boolean> {
    await ctx.services.accounts.logout(ctx);
    return true;
  }

  @Mutation(() => LocaleEnum, { description: "Saves the interface language ('en', 'es', 'vi' or 'zh') of the person signed in" })
  async updateLocale(@Ctx() ctx: AdapterContext, @Arg('locale', () => LocaleEnum, { description: "'en', 'es', 'vi' or 'zh'." }) locale: string): Promise<string> {
    return ctx.services.profile.updateLocale(ctx, checkLocale(locale));
  }

  @Mutation(() => CurrentUser, { description: "Parents: saves how they hear of their student's plan review (email, or a text to their phone); answers the user" })
  async updateContactPreference(
    @Ctx() ctx: AdapterContext,
    @Arg('contactPreference', () => ContactPreferenceEnum, { description: "'email' or 'sms'." }) contactPreference: string,
    @Arg('phone', () => String, { nullable: true, description: 'Mobile number for texts (10 to 15 digits); left out, the saved one stays; null or empty removes it.' })
    phone?: string | null,
  ): Promise<CurrentUser> {
    return toCurrentUser(
      await ctx.services.profile.updateContactPreference(ctx, checkContact({ contact_preference: contactPreference, phone }, ctx.config.smsRules.countries)),
    );
  }

  @Mutation(() => [String], { description: 'Updates the user labels.' })
  async updateUserLabels(@Ctx() ctx: AdapterContext, @Arg('labels', () => [String], { description: 'The labels, in order.' }) labels: string[]): Promise<string[]> {
    return ctx.services.profile.updateLabels(ctx, checkLabels(labels));
  }

  @Mutation(() => Boolean, { description: 'Always true: whether the email has an account is never told' })
  async requestPasswordReset(@Ctx() ctx: AdapterContext, @Arg('email', () => String, { description: 'Email address (lower case).' }) email: string): Promise<boolean> {
    await ctx.services.accounts.requestPasswordReset(ctx, checkResetRequest({ email }));
    return true;
  }

  @Mutation(() => Boolean, { description: 'Resets the password.' })
  async resetPassword(
    @Ctx() ctx: AdapterContext,
    @Arg('uidb64', () => String, { description: 'The user id from the reset link (base64).' }) uidb64: string,
    @Arg('token', () => String, { description: 'The single-use token from the reset link.' }) token: string,
    @Arg('password', () => String, { description: 'The password (at least 8 characters).' }) password: string,
  ): Promise<boolean> {
    await ctx.services.accounts.resetPassword(ctx, uidb64, token, checkNewPassword({ password }));
    return true;
  }

  @Mutation(() => Boolean, { description: "Changes the signed-in person's password; every other session and reset link of the account ends." })
  async changePassword(
    @Ctx() ctx: AdapterContext,
    @Arg('currentPassword', () => String, { description: 'The password in use now.' }) currentPassword: string,
    @Arg('newPassword', () => String, { description: 'The new password (at least 8 characters).' }) newPassword: string,
  ): Promise<boolean> {
    await ctx.services.accounts.changePassword(ctx, checkChangePassword({ current_password: currentPassword, new_password: newPassword }));
    return true;
  }

  @Mutation(() => TokenPayload, { description: "Staff of the student's school or a linked parent get a token for the student" })
  async viewAsStudent(
    @Ctx() ctx: AdapterContext,
    @Arg('studentId', () => Int, { description: 'Numeric identifier of the student.' }) studentId: number,
  ): Promise<TokenPayload> {
    return { token: await ctx.services.viewAs.viewAsStudent(ctx, checkViewAs({ studentId })) };
  }

  @Mutation(() => TokenPayload, { description: "Ends a staff view-as session: answers the staff member's own token again." })
  async returnToAdminView(
    @Ctx() ctx: AdapterContext,
    @Arg('adminToken', () => String, { description: "The staff member's own token, kept aside while viewing as a student." }) adminToken: string,
  ): Promise<TokenPayload> {
    return { token: await ctx.services.viewAs.returnToOwnView(ctx, UserType.Staff, adminToken) };
  }

  @Mutation(() => TokenPayload, { description: "Ends a parent view-as session: answers the parent's own token again." })
  async returnToParentView(
    @Ctx() ctx: AdapterContext,
    @Arg('parentToken', () => String, { description: "The parent's own token, kept aside while viewing as a student." }) parentToken: string,
  ): Promise<TokenPayload> {
    return { token: await ctx.services.viewAs.returnToOwnView(ctx, UserType.Parent, parentToken) };
  }
}
