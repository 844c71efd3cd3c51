/** Privacy Policy (platform §2): FERPA, data collected, use, sharing, security and retention, rights, changes, contact. */
import { Link } from 'react-router-dom';
import './legal.css';
import { useT } from '../../i18n';
import { EnglishGovernsNote } from '../../i18n/LanguageSwitch';

export default function PrivacyPolicyPage() {
  const t = useT();
  return (
    <main className="page legal">
      <h1>{t('legal.privacyPolicy')}</h1>
      <EnglishGovernsNote />
      <p className="legal-meta">Last updated: January 1, 2025</p>

      <p>
        Pathway Planner is an academic planning platform that public schools use to help students plan dual enrollment, four-year and pathway coursework, and to give
        parents and school staff a view into that planning. This policy explains what information we collect, how we use and protect it, and the choices available to
        students, parents and schools. It applies to the Pathway Planner website and web application.
      </p>
      <p>
        <strong>We do not sell personal data.</strong> We do not use student information for targeted advertising, and we do not build profiles of students for any
        purpose other than supporting their education.
      </p>

      <section aria-labelledby="ferpa">
        <h2 id="ferpa">{t('legal.ferpaCompliance')}</h2>
        <p>
          When a school or district uses Pathway Planner, we act as a "school official" with a legitimate educational interest under the Family Educational Rights and
          Privacy Act (FERPA). The school remains in direct control of the education records we hold for it: schools are the controllers of education records, and we
          process those records only on the school's behalf and only to provide the service the school has asked for.
        </p>
        <p>
          Requests from parents or eligible students to inspect, correct or delete education records should be made to the school. We help schools respond to those
          requests promptly.
        </p>
        <p>
          For students under 13, we comply with the Children's Online Privacy Protection Act (COPPA). Schools may consent on behalf of parents to the collection of a
          child's information solely for the use and benefit of the school and for no other commercial purpose. Parents of children under 13 may ask their school to
          review the information we hold about their child, to stop further collection or to have it deleted.
        </p>
      </section>

      <section aria-labelledby="collect">
        <h2 id="collect">{t('legal.dataWeCollect')}</h2>
        <ul>
          <li>
            <strong>Account information:</strong> name, email address, password (stored only as a one-way hash), role (student, parent, teacher or administrator) and the
            school you belong to.
          </li>
          <li>
            <strong>Academic planning information:</strong> courses, grade levels, pathways, four-year plans and related goals entered by students or by school staff.
          </li>
          <li>
            <strong>Forms:</strong> information entered in student information, demographic, parent consent and admission forms, when a school enables those forms.
          </li>
          <li>
            <strong>Technical information:</strong> server logs such as IP address, browser type and the time of a request, which we use to keep the service secure and
            working. Your browser stores your sign-in token and a copy of your basic profile so that you stay signed in.
          </li>
        </ul>
        <p>We do not use third-party advertising or cross-site tracking technologies.</p>
      </section>

      <section aria-labelledby="use">
        <h2 id="use">{t('legal.howWeUseData')}</h2>
        <ul>
          <li>
            To provide the service: building and showing plans, matching courses to pathways and requirements, and giving parents and staff the views their role allows.
          </li>
          <li>To manage accounts, including sign-in, password resets and messages about the service.</li>
          <li>To keep the service secure, prevent misuse and fix problems.</li>
          <li>To improve the service, using aggregated or de-identified information that cannot reasonably identify a student.</li>
        </ul>
        <p>We do not use student data for any purpose that the school has not authorized.</p>
      </section>

      <section aria-labelledby="sharing">
        <h2 id="sharing">{t('legal.sharing')}</h2>
        <p>We do not sell personal data. We share information only:</p>
        <ul>
          <li>With the student's school and the staff the school authorizes.</li>
          <li>With a parent or guardian who is linked to the student's account.</li>
          <li>With colleges or programs when a student or parent asks us to, for example when submitting a community college or admission application.</li>
          <li>
            With service providers, such as hosting and email delivery, that process data on our behalf under written contracts requiring them to protect it and use it
            only to serve us.
          </li>
          <li>When the law requires it, or to protect the safety of students or others.</li>
        </ul>
        <p>If Pathway Planner is ever merged or acquired, any successor must honor the commitments in this policy for the information we already hold.</p>
      </section>

      <section aria-labelledby="security">
        <h2 id="security">{t('legal.securityAndRetention')}</h2>
        <p>
          We protect information with encryption in transit, hashed passwords, role-based access controls and monitoring of our systems. Only personnel who need access to
          support the service can reach student data. If we learn of a breach affecting personal data, we will notify the affected schools without undue delay, and notify
          individuals and authorities where the law requires.
        </p>
        <p>
          We keep personal data only for as long as a school's agreement with us is active, or as long as needed to provide the service. When a school asks us to, or when
          its agreement ends, we delete or return that school's student data, except where the law requires us to keep it longer.
        </p>
      </section>

      <section aria-labelledby="rights">
        <h2 id="rights">{t('legal.yourRights')}</h2>
        <p>
          Students, parents and eligible students can review and correct much of their information directly in the application. You may also ask for access to, correction
          of or deletion of personal data. Because schools are the controllers of education records, we will usually direct those requests to the school, or work with the
          school to fulfil them. Depending on where you live, state law may give you additional rights, and we honor them.
        </p>
      </section>

      <section aria-labelledby="changes">
        <h2 id="changes">{t('legal.changesToThisPolicy')}</h2>
        <p>
          We may update this policy as the service or the law changes. We will post the new version here with a new date and, for material changes, notify schools before
          the changes take effect. We will not use personal data already collected in a materially different way without the consent the law requires.
        </p>
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">{t('legal.contact')}</h2>
        <p>
          Questions or requests about this policy can be sent to <a href="mailto:privacy@pathwayplanner.org">privacy@pathwayplanner.org</a>. See also our{' '}
          <Link to="/terms-of-use">Terms of Use</Link> and <Link to="/acceptable-use-policy">Acceptable Use Policy</Link>.
        </p>
      </section>
    </main>
  );
}
