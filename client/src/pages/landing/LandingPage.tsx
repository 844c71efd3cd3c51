/**
 * The public landing page (platform §1, §2): hero, three value sections, recent articles, FAQs,
 * the demo video and About Us. Each section has an anchor the public header links to.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { rest } from '../../api/rest';
import './landing.css';
import { useLocale, useT } from '../../i18n';
import { formatDay } from '../../i18n/formats';

interface Founder {
  name: string;
  role: string;
  email: string;
  linkedIn: string;
  bio: string;
}

const FOUNDERS: Founder[] = [
  {
    name: 'Maya Chen',
    role: 'Co-founder and CEO',
    email: 'maya@pathwayplanner.org',
    linkedIn: 'https://www.linkedin.com/in/maya-chen-pathwayplanner',
    bio: 'A former high school counselor, Maya spent eight years helping students piece together dual-enrollment schedules by hand. She started Pathway Planner so that every student, not only the ones with the most support at home, can see a clear route to college and career.',
  },
  {
    name: 'Daniel Ortiz',
    role: 'Co-founder and CTO',
    email: 'daniel@pathwayplanner.org',
    linkedIn: 'https://www.linkedin.com/in/daniel-ortiz-pathwayplanner',
    bio: 'Daniel builds software for public institutions and was the first in his family to attend college, starting with community college courses in high school. He leads the team that turns course catalogues and transfer agreements into plans students can trust.',
  },
];

/** Formats a YYYY-MM-DD publication date as, for example, "September 8, 2025", whatever the time zone. */
export const formatBlogDate = (date: string): string => formatDay(date, 'long');

/** Copies with the Clipboard API, falling back to a hidden textarea where the API is missing or refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (e) {
    console.warn('Clipboard API refused, falling back to execCommand', e);
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0', pointerEvents: 'none' });
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch (e) {
    console.warn('execCommand copy failed', e);
    return false;
  } finally {
    area.remove();
    previousFocus?.focus();
  }
}

async function copyEmail(address: string) {
  const copied = await copyText(address);
  window.alert(copied ? `Copied ${address} to clipboard!` : `Could not copy automatically. The address is ${address}.`);
}

export default function LandingPage() {
  const { hash, key } = useLocation();

  // Links such as /#faqs arrive through the router, which does not scroll to the anchor by itself.
  useEffect(() => {
    if (!hash) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape is looked up as written.
    }
    document.getElementById(id)?.scrollIntoView?.();
  }, [hash, key]);

  return (
    <main className="landing">
      <Hero />
      <div id="value">
        <ValueSections />
      </div>
      <RecentArticles />
      <Faqs />
      <Demo />
      <AboutUs />
    </main>
  );
}

function Hero() {
  const t = useT();
  return (
    <section id="hero" className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-inner">
        <h1 id="hero-title">{t('landing.everyStudentDeservesAClearPath')}</h1>
        <p className="lead">{t('landing.pathwayPlannerIsADualEnrollment')}</p>
        <div className="row">
          <Link to="/sign-up" className="button">
            {t('landing.signUp')}
          </Link>
          <a href="#value" className="button secondary">
            {t('landing.learnMore')}
          </a>
        </div>
        <p className="hero-sign-in">
          {t('landing.alreadyHaveAnAccount')} <Link to="/log-in">{t('common.signIn')}</Link>
        </p>
      </div>
    </section>
  );
}

function ValueSections() {
  const t = useT();
  return (
    <>
      <section id="equity" className="landing-section value" aria-labelledby="equity-title">
        <div className="landing-inner">
          <h2 id="equity-title">{t('landing.advancingEducationalEquity')}</h2>
          <div className="value-grid">
            <div>
              <h3>{t('landing.opportunityShouldNotDependOnA')}</h3>
              <p>{t('landing.studentsFromLowIncomeFamiliesAnd')}</p>
            </div>
            <div>
              <h3>{t('landing.aK16Mindset')}</h3>
              <p>{t('landing.planningDoesNotStopAtThe')}</p>
            </div>
          </div>
        </div>
      </section>

      <section id="dual-enrollment" className="landing-section value" aria-labelledby="dual-enrollment-title">
        <div className="landing-inner">
          <h2 id="dual-enrollment-title">{t('landing.transferableDualEnrollmentMadeEasy')}</h2>
          <div className="value-grid">
            <div>
              <h3>{t('landing.builtForHighSchools')}</h3>
              <p>{t('landing.schoolsPublishTheirPartnerCollegeCourses')}</p>
            </div>
            <div>
              <h3>{t('landing.fourYearPlanningSimplified')}</h3>
              <p>{t('landing.onePlanBringsTogetherDualEnrollment')}</p>
            </div>
          </div>
        </div>
      </section>

      <section id="counselors" className="landing-section value" aria-labelledby="counselors-title">
        <div className="landing-inner">
          <h2 id="counselors-title">{t('landing.moreTimeForCounselorsMoreChoice')}</h2>
          <div className="value-grid">
            <div>
              <h3>{t('landing.helpForCounselorsAt3501')}</h3>
              <p>{t('landing.withAStudentToCounselorRatio')}</p>
            </div>
            <div>
              <h3>{t('landing.supportForIndividualGoals')}</h3>
              <p>{t('landing.whetherAStudentIsAimingFor')}</p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** A blog card's fields from GET /api/blogs/ (the landing page reads them without the GraphQL client). */
export interface BlogSummary {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  date: string;
}

function useBlogs(): { data?: { blogs: BlogSummary[] }; loading: boolean; error?: unknown } {
  const [state, setState] = useState<{ data?: { blogs: BlogSummary[] }; loading: boolean; error?: unknown }>({ loading: true });
  useEffect(() => {
    let live = true;
    rest('/api/blogs/', { token: null })
      .then((res) => res.json() as Promise<BlogSummary[]>)
      .then(
        (blogs) => live && setState({ data: { blogs: Array.isArray(blogs) ? blogs : [] }, loading: false }),
        (error: unknown) => live && setState({ error, loading: false }),
      );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

function RecentArticles() {
  const t = useT();
  const { data, loading, error } = useBlogs();

  useEffect(() => {
    if (error) console.error('Failed to load the blogs', error);
  }, [error]);

  let content;
  if (data) {
    content =
      data.blogs.length === 0 ? (
        <p className="muted">{t('landing.noArticlesHaveBeenPublishedYet')}</p>
      ) : (
        <ul className="blog-grid">
          {data.blogs.map((blog) => (
            <li key={blog.id} className="card blog-card">
              <Link to={`/blog-page/${blog.id}`}>
                {/* Decorative: the title next to it names the article. */}
                {blog.image && <img src={blog.image} alt="" loading="lazy" />}
                <h3>{blog.title}</h3>
              </Link>
              {blog.subtitle && <p>{blog.subtitle}</p>}
              <p className="muted">
                <time dateTime={blog.date}>{formatBlogDate(blog.date)}</time>
              </p>
            </li>
          ))}
        </ul>
      );
  } else if (error) {
    content = (
      <p className="alert alert-danger" role="alert">
        {t('landing.blogsError')}
      </p>
    );
  } else if (loading) {
    content = <p role="status">{t('landing.blogsLoading')}</p>;
  }

  return (
    <section id="articles" className="landing-section" aria-labelledby="articles-title">
      <div className="landing-inner">
        <h2 id="articles-title">{t('landing.recentArticles')}</h2>
        {content}
      </div>
    </section>
  );
}

function Faqs() {
  const t = useT();
  return (
    <section id="faqs" className="landing-section" aria-labelledby="faqs-title">
      <div className="landing-inner">
        <h2 id="faqs-title">{t('landing.frequentlyAskedQuestions')}</h2>
        <div className="faq-list">
          <details>
            <summary>{t('landing.isPathwayPlannerFreeForStudents')}</summary>
            <p>{t('landing.yesPathwayPlannerIsAlwaysFree')}</p>
          </details>
          <details>
            <summary>{t('landing.whatIsDualEnrollment')}</summary>
            <p>{t('landing.dualEnrollmentLetsHighSchoolStudents')}</p>
          </details>
          <details>
            <summary>{t('landing.whatAreTheDualAdvantagesOf')}</summary>
            <ul>
              <li>
                <strong>D</strong>
                {t('landing.ollarsSavedCollegeCreditEarnedIn')}
              </li>
              <li>
                <strong>U</strong>
                {t('landing.niversityReadinessStudentsExperienceColl')}
              </li>
              <li>
                <strong>A</strong>
                {t('landing.cceleratedProgressTransferableCreditsCan')}
              </li>
              <li>
                <strong>L</strong>
                {t('landing.astingMomentumStudentsWhoTakeCollege')}
              </li>
            </ul>
          </details>
          <details>
            <summary>{t('landing.howDoesPathwayPlannerSupportSchools')}</summary>
            <p>{t('landing.schoolsGetASharedPlaceFor')}</p>
          </details>
          <details>
            <summary>{t('landing.whatIsTheTransferabilityEngine')}</summary>
            <p>{t('landing.theTransferabilityEngineComparesEachDual')}</p>
          </details>
          <details>
            <summary>{t('landing.canPathwayPlannerHelpUsEnhance')}</summary>
            <p>{t('landing.yesPlanningDataReportedInAggregate')}</p>
          </details>
        </div>
      </div>
    </section>
  );
}

function Demo() {
  const t = useT();
  const { locale } = useLocale();
  return (
    <section id="demo" className="landing-section" aria-labelledby="demo-title">
      <div className="landing-inner">
        <h2 id="demo-title">{t('landing.seePathwayPlannerInAction')}</h2>
        <p>{t('landing.aShortWalkthroughOfHowA')}</p>
        <div className="video-frame">
          {/* A walkthrough recorded from the demo school itself, served by the app (no outside player). */}
          <video controls preload="none" poster="/demo/poster.png" aria-label={t('landing.productDemoVideo')}>
            <source src="/demo/pathway-planner-demo.webm" type="video/webm" />
            <track
              kind="captions"
              src={`/demo/pathway-planner-demo.${locale === 'es' ? 'es' : 'en'}.vtt`}
              srcLang={locale === 'es' ? 'es' : 'en'}
              label={locale === 'es' ? 'Español' : 'English'}
              default
            />
          </video>
        </div>
      </div>
    </section>
  );
}

function AboutUs() {
  const t = useT();
  return (
    <section id="about" className="landing-section" aria-labelledby="about-title">
      <div className="landing-inner">
        <h2 id="about-title">{t('landing.aboutUs')}</h2>
        <p>{t('landing.pathwayPlannerWasFoundedByA')}</p>
        <ul className="founders">
          {FOUNDERS.map((f) => (
            <li key={f.email} className="card founder">
              <h3>{f.name}</h3>
              <p className="muted">{f.role}</p>
              <p>{f.bio}</p>
              <div className="row">
                <button type="button" className="secondary" onClick={() => copyEmail(f.email)}>
                  {t('landing.copy')} <span className="visually-hidden">{f.name}'s</span> {t('landing.email')}
                </button>
                <a className="button secondary" href={f.linkedIn} target="_blank" rel="noopener noreferrer">
                  {t('landing.linkedin')}
                  <span className="visually-hidden">{t('landing.nameOpensInANewTab', { name: f.name })}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
