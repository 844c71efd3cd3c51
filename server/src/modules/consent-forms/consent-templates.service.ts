/**
 * Consent templates: the default template (generated once with pdf-lib and stored like any other)
 * and a school's own, uploaded by its staff, with the field positions staff can edit.
 *
 * Decisions: staff edit the template of their school of record (the one they signed up with);
 * editing positions without uploading copies the default PDF into the school's own template;
 * resetting removes the school's template so the default applies again. A template change does
 * not touch forms already signed: each signed form keeps its PDF and the positions it was signed with.
 */
import { limit } from '../../core/rate-limit.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { badInput, notFound, because } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { can, type ConsentAction } from './consent-forms.policy.js';
import { DEFAULT_FIELD_CONFIG, type ConsentFieldConfig } from '@planner/shared/consent-form';
import type { SchoolsService } from '../schools/schools.service.js';
import { generateDefaultTemplate } from './default-template.js';
import { assertPagesFit, parseFieldConfig } from './field-config.js';
import { checkPdf } from './pdf-check.js';
import { messageLocale } from '../../messages/messages.js';

export interface EffectiveTemplate {
  id: number;
  schoolId: number | null;
  pageCount: number;
  fieldConfig: ConsentFieldConfig;
  updatedAt: Date;
}

export interface TemplateView extends EffectiveTemplate {
  /** Path of the template PDF on this host (staff only). */
  pdf: string;
  /** True when the school uses its own template rather than the default. */
  custom: boolean;
}

/** The default template is a one-page letter (default-template.ts). */
const DEFAULT_PAGE_COUNT = 1;

export class ConsentTemplatesService {
  private defaultReady: Promise<void> | undefined;
  /** The default letter in each other language, drawn once per process. */
  private readonly letters = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly schools: SchoolsService,
  ) {}

  /** Creates the default template the first time it is needed (two starting replicas insert once). */
  ensureDefault(): Promise<void> {
    this.defaultReady ??= (async () => {
      const rows = await this.db.query(`SELECT 1 FROM consent_templates WHERE is_default`);
      if (rows.length) return;
      const pdf = Buffer.from(await generateDefaultTemplate());
      await this.db.query(
        `INSERT INTO consent_templates (is_default, pdf, page_count, field_config)
         VALUES (true, $1, $2, $3) ON CONFLICT (is_default) WHERE is_default DO NOTHING`,
        [pdf, DEFAULT_PAGE_COUNT, JSON.stringify(DEFAULT_FIELD_CONFIG)],
      );
    })().catch((e) => {
      this.defaultReady = undefined;
      throw e;
    });
    return this.defaultReady;
  }

  /** The page count of the template a school's forms use, without storing the default first. */
  private async pageCount(schoolId: number): Promise<number> {
    const [row] = await this.db.query(`SELECT page_count FROM consent_templates WHERE school_id = $1 OR is_default ORDER BY is_default LIMIT 1`, [schoolId]);
    return row?.page_count ?? DEFAULT_PAGE_COUNT;
  }

  /** The template a school's forms use: its own, else the default. Call ensureDefault() first. */
  async effective(schoolId: number, m: EntityManager = this.db.manager): Promise<EffectiveTemplate> {
    const [row] = await m.query(
      `SELECT id, school_id, page_count, field_config, updated_at FROM consent_templates
        WHERE school_id = $1 OR is_default ORDER BY is_default LIMIT 1`,
      [schoolId],
    );
    if (!row) throw new Error('The default consent template is missing.');
    return { id: row.id, schoolId: row.school_id, pageCount: row.page_count, fieldConfig: row.field_config, updatedAt: row.updated_at };
  }

  /**
   * The PDF a form of the school is drawn on for a reader of `locale`: the school's own template as
   * uploaded, or the default letter in that language (default-template.ts; the stored one for English).
   */
  async pdfForReader(schoolId: number, locale: string | null | undefined, m: EntityManager = this.db.manager): Promise<Buffer> {
    const lang = messageLocale(locale);
    await this.ensureDefault();
    const [row] = await m.query(`SELECT is_default FROM consent_templates WHERE school_id = $1 OR is_default ORDER BY is_default LIMIT 1`, [schoolId]);
    if (!row?.is_default || lang === 'en') return this.pdfForSchool(schoolId, m);
    let letter = this.letters.get(lang);
    if (!letter) {
      letter = generateDefaultTemplate(lang).then((bytes) => Buffer.from(bytes));
      letter.catch(() => this.letters.delete(lang));
      this.letters.set(lang, letter);
    }
    return letter;
  }

  async pdfForSchool(schoolId: number, m: EntityManager = this.db.manager): Promise<Buffer> {
    await this.ensureDefault();
    const [row] = await m.query(`SELECT pdf FROM consent_templates WHERE school_id = $1 OR is_default ORDER BY is_default LIMIT 1`, [schoolId]);
    return row.pdf as Buffer;
  }

  // ---- staff -------------------------------------------------------------------------------

  /** The staff member's school of record, whose template they see and edit. */
  private staffSchool(ctx: RequestContext, action: ConsentAction): { schoolId: number; userId: number } {
    const caller = authorize(ctx, can, action, null);
    if (caller.user.schoolId === null) throw badInput(because('CONSENT_TEMPLATE_NO_SCHOOL'));
    return { schoolId: caller.user.schoolId, userId: caller.user.id };
  }

  private view(t: EffectiveTemplate, schoolId: number): TemplateView {
    const custom = t.schoolId === schoolId;
    return { ...t, custom, pdf: custom ? `/files/consent-templates/${schoolId}.pdf` : '/files/consent-templates/default.pdf' };
  }

  async forCaller(ctx: RequestContext): Promise<TemplateView> {
    const { schoolId } = this.staffSchool(ctx, 'viewTemplate');
    await this.ensureDefault();
    return this.view(await this.effective(schoolId), schoolId);
  }

  /** Replaces the school's template PDF; the positions stay (or are replaced when given). */
  async uploadPdf(ctx: RequestContext, pdf: Buffer | undefined, rawConfig?: unknown): Promise<TemplateView> {
    const { schoolId, userId } = this.staffSchool(ctx, 'editTemplate');
    await limit(ctx, 'upload');
    await this.ensureDefault();
    const pageCount = await checkPdf(pdf, this.config.consentPdfMaxBytes);
    const current = await this.effective(schoolId);
    const fieldConfig = rawConfig === undefined ? current.fieldConfig : parseFieldConfig(rawConfig, pageCount);
    assertPagesFit(fieldConfig, pageCount);
    await this.db.query(
      `INSERT INTO consent_templates (school_id, pdf, page_count, field_config, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (school_id) DO UPDATE SET pdf = EXCLUDED.pdf, page_count = EXCLUDED.page_count,
         field_config = EXCLUDED.field_config, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [schoolId, pdf, pageCount, JSON.stringify(fieldConfig), userId],
    );
    return this.view(await this.effective(schoolId), schoolId);
  }

  async updateConfig(ctx: RequestContext, rawConfig: unknown): Promise<TemplateView> {
    const { schoolId, userId: by } = this.staffSchool(ctx, 'editTemplate');
    // Parsed before the default template is first stored, so a refused configuration writes nothing.
    const fieldConfig = parseFieldConfig(rawConfig, await this.pageCount(schoolId));
    await this.ensureDefault();
    await this.db.transaction(async (m) => {
      const updated = await m.query(`UPDATE consent_templates SET field_config = $2, updated_by = $3, updated_at = now() WHERE school_id = $1 RETURNING id`, [
        schoolId,
        JSON.stringify(fieldConfig),
        by,
      ]);
      if (!updated[0]?.length) {
        await m.query(
          `INSERT INTO consent_templates (school_id, pdf, page_count, field_config, updated_by)
           SELECT $1, pdf, page_count, $2, $3 FROM consent_templates WHERE is_default`,
          [schoolId, JSON.stringify(fieldConfig), by],
        );
      }
    });
    return this.view(await this.effective(schoolId), schoolId);
  }

  async reset(ctx: RequestContext): Promise<TemplateView> {
    const { schoolId } = this.staffSchool(ctx, 'editTemplate');
    await this.ensureDefault();
    await this.db.query(`DELETE FROM consent_templates WHERE school_id = $1`, [schoolId]);
    return this.view(await this.effective(schoolId), schoolId);
  }

  /** The bytes behind /files/consent-templates/{default|schoolId}.pdf, for staff (of that school). */
  async templatePdf(ctx: RequestContext, which: string): Promise<Buffer> {
    const caller = authorize(ctx, can, 'viewTemplatePdf', null);
    await this.ensureDefault();
    if (which === 'default') {
      const [row] = await this.db.query(`SELECT pdf FROM consent_templates WHERE is_default`);
      return row.pdf as Buffer;
    }
    const schoolId = parseId(which, 'school');
    if (!(await ctx.loaders.schoolById.load(schoolId))) throw notFound(because('SCHOOL_NOT_FOUND'));
    authorize(ctx, can, 'viewTemplatePdf', { schoolId, reach: await this.schools.accessibleSchoolIds(caller.user) });
    const [row] = await this.db.query(`SELECT pdf FROM consent_templates WHERE school_id = $1`, [schoolId]);
    if (!row) throw notFound();
    return row.pdf as Buffer;
  }
}
