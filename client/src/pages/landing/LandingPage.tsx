/**
 * The public landing page (platform §1, §2): hero, three value sections, recent articles, FAQs,
 * the demo video and About Us. Each section has an anchor the public header links to.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BlogsDocument } from '../../graphql/generated';
import './landing.css';

export const BLOGS_LOADING = 'Loading blogs...';
export const BLOGS_ERROR = 'Error fetching the blogs';

/** The product demo on YouTube, embedded from youtube-nocookie.com: the one outside frame source the CSP allows. */
const DEMO_VIDEO_ID = 'pathwayDemo';
const DEMO_VIDEO_SRC = `https://www.youtube-nocookie.com/embed/${DEMO_VIDEO_ID}?rel=0`;

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
export function formatBlogDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

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
  return (
    <section id="hero" className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-inner">
        <h1 id="hero-title">Every student deserves a clear path to college and career</h1>
        <p className="lead">
          Pathway Planner is a dual-enrollment and four-year academic planning platform for public schools. Students
          map their courses toward graduation, college credit and the careers they want; parents see the same plan;
          counselors guide hundreds of students without losing sight of any one of them.
        </p>
        <div className="row">
          <Link to="/sign-up" className="button">Sign Up</Link>
          <a href="#value" className="button secondary">Learn More</a>
        </div>
        <p className="hero-sign-in">
          Already have an account? <Link to="/log-in">Sign In</Link>
        </p>
      </div>
    </section>
  );
}

function ValueSections() {
  return (
    <>
      <section id="equity" className="landing-section value" aria-labelledby="equity-title">
        <div className="landing-inner">
          <h2 id="equity-title">Advancing educational equity</h2>
          <div className="value-grid">
            <div>
              <h3>Opportunity should not depend on a zip code</h3>
              <p>
                Students from low-income families and students who will be the first in their families to attend college
                are the least likely to take college courses in high school, even though they gain the most from them.
                Pathway Planner puts the same guidance in front of every student, so access to dual enrollment no longer
                depends on who happens to know how the system works.
              </p>
            </div>
            <div>
              <h3>A K-16 mindset</h3>
              <p>
                Planning does not stop at the high school diploma. Pathway Planner connects high school courses to
                college programs and careers, so students, families and schools can think of kindergarten through a
                four-year degree as one continuous journey rather than separate systems that rarely talk to each other.
              </p>
            </div>
          </div>
        </div>
      </section>

      <section id="dual-enrollment" className="landing-section value" aria-labelledby="dual-enrollment-title">
        <div className="landing-inner">
          <h2 id="dual-enrollment-title">Transferable dual enrollment, made easy</h2>
          <div className="value-grid">
            <div>
              <h3>Built for high schools</h3>
              <p>
                Schools publish their partner college courses once. Students then see which college courses fit their
                schedule, which meet high school requirements, and how the credit is expected to transfer, so a dual
                enrollment course counts toward a degree instead of becoming an elective that goes nowhere.
              </p>
            </div>
            <div>
              <h3>Four-year planning, simplified</h3>
              <p>
                One plan brings together dual enrollment, graduation requirements, career technical education (CTE)
                pathways and NCAA eligibility for student athletes. Students can see at a glance what they have
                completed, what is still required and what each choice opens up.
              </p>
            </div>
          </div>
        </div>
      </section>

      <section id="counselors" className="landing-section value" aria-labelledby="counselors-title">
        <div className="landing-inner">
          <h2 id="counselors-title">More time for counselors, more choice for students</h2>
          <div className="value-grid">
            <div>
              <h3>Help for counselors at 350:1</h3>
              <p>
                With a student-to-counselor ratio of 350:1, no counselor can hand-build a plan for every student each
                year. Pathways and ready-made baseline plans give each student a sound starting point, and counselors can
                spend their time on the conversations that need a person.
              </p>
            </div>
            <div>
              <h3>Support for individual goals</h3>
              <p>
                Whether a student is aiming for a university, a skilled trade, the military or a college team, the plan
                adapts to that goal. Students explore options, compare pathways and adjust their plan as their interests
                grow.
              </p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

function RecentArticles() {
  const { data, loading, error } = useQuery(BlogsDocument);

  useEffect(() => {
    if (error) console.error('Failed to load the blogs', error);
  }, [error]);

  let content;
  if (data) {
    content =
      data.blogs.length === 0 ? (
        <p className="muted">No articles have been published yet.</p>
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
    content = <p className="alert alert-danger" role="alert">{BLOGS_ERROR}</p>;
  } else if (loading) {
    content = <p role="status">{BLOGS_LOADING}</p>;
  }

  return (
    <section id="articles" className="landing-section" aria-labelledby="articles-title">
      <div className="landing-inner">
        <h2 id="articles-title">Recent Articles</h2>
        {content}
      </div>
    </section>
  );
}

function Faqs() {
  return (
    <section id="faqs" className="landing-section" aria-labelledby="faqs-title">
      <div className="landing-inner">
        <h2 id="faqs-title">Frequently Asked Questions</h2>
        <div className="faq-list">
          <details>
            <summary>Is Pathway Planner free for students?</summary>
            <p>
              Yes. Pathway Planner is always free for students and their families. The platform is funded by grants,
              school and district partnerships and other sources, so no student ever pays to plan their courses.
            </p>
          </details>
          <details>
            <summary>What is dual enrollment?</summary>
            <p>
              Dual enrollment lets high school students take college courses, taught at their high school, on a
              college campus or online, and earn high school and college credit for the same course. In many states
              the courses are free or low-cost for students.
            </p>
          </details>
          <details>
            <summary>What are the DUAL advantages of dual enrollment?</summary>
            <ul>
              <li><strong>D</strong>ollars saved: college credit earned in high school costs families little or nothing.</li>
              <li><strong>U</strong>niversity readiness: students experience college-level expectations with their high school support still around them.</li>
              <li><strong>A</strong>ccelerated progress: transferable credits can shorten the time, and the cost, of a degree.</li>
              <li><strong>L</strong>asting momentum: students who take college courses in high school are more likely to enroll in college and to finish a degree.</li>
            </ul>
          </details>
          <details>
            <summary>How does Pathway Planner support schools?</summary>
            <p>
              Schools get a shared place for courses, pathways and four-year plans. Counselors and administrators can
              publish pathways and baseline plans, review every student's plan, and view the planner as a student
              sees it. Our team helps each school set up its course catalogue and partner college courses, and trains
              staff before students are invited.
            </p>
          </details>
          <details>
            <summary>What is the transferability engine?</summary>
            <p>
              The transferability engine compares each dual-enrollment course with published articulation and transfer
              agreements and general education requirements. Before enrolling, a student can see whether a course is
              expected to transfer to the colleges they are interested in and what it would count toward. Students
              should still confirm final credit decisions with the receiving college.
            </p>
          </details>
          <details>
            <summary>Can Pathway Planner help us enhance our curriculum?</summary>
            <p>
              Yes. Planning data, reported in aggregate, shows which courses students want, where pathways have gaps
              and where demand outgrows the seats available. Schools use it to plan new dual enrollment and CTE
              offerings with their college partners and to align high school courses with the programs students aim
              for.
            </p>
          </details>
        </div>
      </div>
    </section>
  );
}

function Demo() {
  return (
    <section id="demo" className="landing-section" aria-labelledby="demo-title">
      <div className="landing-inner">
        <h2 id="demo-title">See Pathway Planner in action</h2>
        <p>A short walkthrough of how a student builds a four-year plan with dual enrollment courses.</p>
        <div className="video-frame">
          <iframe
            src={DEMO_VIDEO_SRC}
            title="Product demo video"
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            // The app sends no referrer by default; YouTube's player needs the origin to play embeds.
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      </div>
    </section>
  );
}

function AboutUs() {
  return (
    <section id="about" className="landing-section" aria-labelledby="about-title">
      <div className="landing-inner">
        <h2 id="about-title">About Us</h2>
        <p>
          Pathway Planner was founded by a school counselor and a software engineer who both saw talented students miss
          out on college credit simply because planning was too complicated. We work with public schools, community
          colleges and families to make every student's path visible.
        </p>
        <ul className="founders">
          {FOUNDERS.map((f) => (
            <li key={f.email} className="card founder">
              <h3>{f.name}</h3>
              <p className="muted">{f.role}</p>
              <p>{f.bio}</p>
              <div className="row">
                <button type="button" className="secondary" onClick={() => copyEmail(f.email)}>
                  Copy <span className="visually-hidden">{f.name}'s</span> email
                </button>
                <a className="button secondary" href={f.linkedIn} target="_blank" rel="noopener noreferrer">
                  LinkedIn<span className="visually-hidden">: {f.name} (opens in a new tab)</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
