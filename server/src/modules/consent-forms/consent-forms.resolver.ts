/** The consent form on /graphql where no file moves: form state, PDF path and field_config; the staff template. */
import { limit } from '../../core/rate-limit.js';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { AdapterContext } from '../../adapters.js';
import { ConsentFormStateEnum, ExportStateEnum } from '../../graphql/enums.js';
import type { ParentFormsExportView } from './consent-exports.service.js';
import type { ConsentFormView, ViewedConsentForm } from './consent-forms.service.js';
import type { TemplateView } from './consent-templates.service.js';
import { checkExportInput } from './consent-export-input.js';

@ObjectType({ description: "A student's parent consent form: its state, the path of its current PDF and where fields go" })
export class ParentConsentForm {
  @Field(() => ID, { description: 'Numeric identifier.' }) id: string;
  @Field(() => ConsentFormStateEnum, { description: 'admin_signed, student_signed, parent_signed or both_signed' }) state: string;
  @Field(() => String, { description: 'Path of the current PDF on this host (/files/...)' }) pdf: string;
  @Field(() => GraphQLJSONObject, { description: 'field_config: student_info, student_signature, parent_signature' })
  fieldConfig: Record<string, unknown>;
}

@ObjectType({ description: 'The student a viewed consent form belongs to' })
export class ConsentFormStudent {
  @Field(() => Int, { description: 'Numeric identifier.' }) id: number;
  @Field(() => String, { description: 'First name.' }) firstName: string;
  @Field(() => String, { description: 'Last name.' }) lastName: string;
}

@ObjectType({ description: 'A consent form opened by staff in the viewer' })
export class ViewedParentConsentForm extends ParentConsentForm {
  @Field(() => ConsentFormStudent, { description: 'The student.' }) student: ConsentFormStudent;
  @Field(() => Boolean, { description: "True when the guardian phone changed after the parent's link was sent to it" })
  guardianPhoneChangedAfterSent: boolean;
  @Field(() => Boolean, { description: 'True when the guardian phone is also given for a student of another family (no linked parent in common)' })
  guardianPhoneShared: boolean;
}

@ObjectType({ description: "The consent template of the staff member's school" })
export class ConsentTemplate {
  @Field(() => String, { description: 'Path of the template PDF on this host' }) pdf: string;
  @Field(() => GraphQLJSONObject, { description: 'Where each field sits on the PDF (JSON).' }) fieldConfig: Record<string, unknown>;
  @Field(() => Int, { description: 'Number of pages.' }) pageCount: number;
  @Field(() => Boolean, { description: 'True when the school uses its own template, false for the default' }) custom: boolean;
  @Field(() => String, { description: 'ISO time of the last change' }) updatedAt: string;
}

@ObjectType({ description: "A queued export of one grade's completed consent forms as a ZIP: its progress, then its download" })
export class ParentFormsExport {
  @Field(() => ID, { description: 'Identifier, to ask for the progress.' }) id: string;
  @Field(() => ExportStateEnum, { description: 'queued, running, done or failed' }) state: string;
  @Field(() => Int, { description: 'The school whose forms are exported.' }) schoolId: number;
  @Field(() => String, { description: 'The grade exported.' }) grade: string;
  @Field(() => Int, { description: 'Forms written into the ZIP so far.' }) formsDone: number;
  @Field(() => Int, { description: 'Forms the ZIP will hold (known once the export runs).' }) formsTotal: number;
  @Field(() => String, { nullable: true, description: 'Why the export failed (English).' }) error: string | null;
  @Field(() => String, { nullable: true, description: 'Why the export failed, as a stable reason code the client translates; null when it did not fail.' })
  reason: string | null;
  @Field(() => String, { description: "The download's file name, Grade_{grade}_Parent_Forms.zip" }) fileName: string;
  @Field(() => String, { nullable: true, description: 'Path of the finished ZIP on this host (GET with the token); null until done' })
  downloadPath: string | null;
  @Field(() => String, { description: 'ISO time the export was asked for' }) createdAt: string;
  @Field(() => String, { description: 'ISO time after which the ZIP is deleted' }) expiresAt: string;
}

const parentFormsExport = (v: ParentFormsExportView): ParentFormsExport => ({
  ...v,
  createdAt: v.createdAt.toISOString(),
  expiresAt: v.expiresAt.toISOString(),
});

const form = (f: ConsentFormView): ParentConsentForm => ({
  id: f.id,
  state: f.state,
  pdf: f.pdf,
  fieldConfig: f.fieldConfig as unknown as Record<string, unknown>,
});
const template = (t: TemplateView): ConsentTemplate => ({
  pdf: t.pdf,
  fieldConfig: t.fieldConfig as unknown as Record<string, unknown>,
  pageCount: t.pageCount,
  custom: t.custom,
  updatedAt: new Date(t.updatedAt).toISOString(),
});

@Resolver()
export class ConsentFormsResolver {
  @Mutation(() => ConsentFormStateEnum, { description: "Creates the student's parent consent form if missing; returns its state" })
  async createParentForm(@Ctx() ctx: AdapterContext): Promise<string> {
    return (await ctx.services.consentForms.createForCaller(ctx)).state;
  }

  @Query(() => ParentConsentForm, { description: "The signed-in student's consent form, created on the first visit" })
  async parentConsentForm(@Ctx() ctx: AdapterContext): Promise<ParentConsentForm> {
    return form(await ctx.services.consentForms.studentForm(ctx));
  }

  @Query(() => ParentConsentForm, { description: "The form a parent signs through the texted link's code (no sign-in)" })
  async parentSignForm(@Ctx() ctx: AdapterContext, @Arg('code', () => String, { description: 'The code from the link.' }) code: string): Promise<ParentConsentForm> {
    await limit({ ...ctx, caller: null }, 'consentLink');
    return form(await ctx.services.consentForms.formForParent(code));
  }

  @Query(() => ViewedParentConsentForm, { description: "Staff: a student's consent form by the student's parent code" })
  async parentFormViewer(
    @Ctx() ctx: AdapterContext,
    @Arg('parentCode', () => String, { description: "The student's parent code, which links a parent to the student." }) parentCode: string,
  ): Promise<ViewedParentConsentForm> {
    const f: ViewedConsentForm = await ctx.services.consentForms.formForViewer(ctx, parentCode);
    return { ...form(f), student: f.student, guardianPhoneChangedAfterSent: f.guardianPhoneChangedAfterSent, guardianPhoneShared: f.guardianPhoneShared };
  }

  @Mutation(() => ParentFormsExport, {
    description: "Staff: starts a background export of one grade's completed consent forms as a ZIP (same rules as POST /api/export-parent-forms/)",
  })
  async startParentFormsExport(
    @Ctx() ctx: AdapterContext,
    @Arg('grade', () => String, { description: 'The grade to export.' }) grade: string,
    @Arg('schoolId', () => Int, { description: 'The school whose forms are exported.' }) schoolId: number,
  ): Promise<ParentFormsExport> {
    return parentFormsExport(await ctx.services.consentExports.start(ctx, checkExportInput({ grade, school_id: schoolId })));
  }

  @Query(() => ParentFormsExport, { description: 'Staff: a consent-form export of their school, with its progress' })
  async parentFormsExport(@Ctx() ctx: AdapterContext, @Arg('id', () => ID, { description: 'The export id.' }) id: string): Promise<ParentFormsExport> {
    return parentFormsExport(await ctx.services.consentExports.get(ctx, id));
  }

  @Query(() => ConsentTemplate, { description: "Staff: their school's consent template (or the default)" })
  async consentTemplate(@Ctx() ctx: AdapterContext): Promise<ConsentTemplate> {
    return template(await ctx.services.consentForms.templates.forCaller(ctx));
  }

  @Mutation(() => ConsentTemplate, { description: "Staff: saves the field positions of their school's consent template" })
  async updateConsentTemplate(
    @Ctx() ctx: AdapterContext,
    @Arg('fieldConfig', () => GraphQLJSONObject, { description: 'Where each field sits on the PDF (JSON).' }) fieldConfig: Record<string, unknown>,
  ): Promise<ConsentTemplate> {
    return template(await ctx.services.consentForms.templates.updateConfig(ctx, fieldConfig));
  }

  @Mutation(() => ConsentTemplate, { description: "Staff: drops their school's own template; the default applies again" })
  async resetConsentTemplate(@Ctx() ctx: AdapterContext): Promise<ConsentTemplate> {
    return template(await ctx.services.consentForms.templates.reset(ctx));
  }
}
