/** Acceptable Use Policy: what users may and may not do with Pathway Planner. */
import { Link } from 'react-router-dom';
import './legal.css';
import { useT } from '../../i18n';
import { EnglishGovernsNote } from '../../i18n/LanguageSwitch';

export default function AcceptableUsePolicyPage() {
  const t = useT();
  return (
    <main className="page legal">
      <h1>{t('legal.acceptableUsePolicy')}</h1>
      <EnglishGovernsNote />
      <p className="legal-meta">Last updated: January 1, 2025</p>

      <p>
        Pathway Planner holds information about students, and schools trust us to keep it safe. This policy describes how everyone who uses the Service, including
        students, parents, teachers and administrators, must behave. It is part of our <Link to="/terms-of-use">Terms of Use</Link>.
      </p>

      <section aria-labelledby="purpose">
        <h2 id="purpose">{t('legal.useTheServiceForEducation')}</h2>
        <p>
          Use Pathway Planner only to plan coursework, support students in your care and carry out your role at your school. Do not use it for commercial solicitation,
          advertising or any purpose unrelated to education.
        </p>
      </section>

      <section aria-labelledby="prohibited">
        <h2 id="prohibited">{t('legal.whatIsNotAllowed')}</h2>
        <ul>
          <li>Sharing your password, using someone else's account or pretending to be another person.</li>
          <li>Trying to see or change information your role does not give you access to.</li>
          <li>Entering false information, including falsifying grades, records, consent forms or signatures.</li>
          <li>Posting or sending content that is unlawful, harassing, threatening, discriminatory or sexually explicit.</li>
          <li>Uploading viruses or other harmful code, or interfering with the Service or other users' use of it.</li>
          <li>Probing, scanning or testing the Service for vulnerabilities without our written permission.</li>
          <li>Scraping, bulk downloading or copying data from the Service by automated means.</li>
          <li>Copying, reselling or reverse engineering the Service.</li>
        </ul>
      </section>

      <section aria-labelledby="staff">
        <h2 id="staff">{t('legal.additionalRulesForSchoolStaff')}</h2>
        <p>
          Staff may access a student's information only when they have a legitimate educational interest in it. Use features such as viewing the planner as a student only
          to help that student. Export or share student information only as your school's policies and FERPA allow, and keep any copies secure.
        </p>
      </section>

      <section aria-labelledby="reporting">
        <h2 id="reporting">{t('legal.reportingProblems')}</h2>
        <p>
          If you see misuse, or find a security issue, tell your school or email <a href="mailto:security@pathwayplanner.org">security@pathwayplanner.org</a>. Good-faith
          reports of security issues are welcome; please give us a reasonable time to fix an issue before disclosing it.
        </p>
      </section>

      <section aria-labelledby="enforcement">
        <h2 id="enforcement">{t('legal.enforcement')}</h2>
        <p>
          We may remove content, suspend or close accounts that break this policy, and inform the school concerned. Where the law requires, we may report unlawful
          activity to the authorities.
        </p>
      </section>

      <section aria-labelledby="changes">
        <h2 id="changes">{t('legal.changesToThisPolicy')}</h2>
        <p>
          We may update this policy from time to time and will post the new version here with a new date. Questions can be sent to{' '}
          <a href="mailto:support@pathwayplanner.org">support@pathwayplanner.org</a>.
        </p>
      </section>
    </main>
  );
}
