/** Terms of Use: the rules for everyone who uses Pathway Planner. */
import { Link } from 'react-router-dom';
import './legal.css';
import { useT } from '../../i18n';
import { EnglishGovernsNote } from '../../i18n/LanguageSwitch';

export default function TermsOfUsePage() {
  const t = useT();
  return (
    <main className="page legal">
      <h1>{t('legal.termsOfUse')}</h1>
      <EnglishGovernsNote />
      <p className="legal-meta">Last updated: January 1, 2025</p>

      <p>
        These Terms of Use govern your use of the Pathway Planner website and web application (the "Service"). By creating an account or using the Service, you agree to
        these terms. If you use the Service on behalf of a school or district, the school's Subscription Service Agreement with us also applies, and it controls if it
        conflicts with these terms.
      </p>

      <section aria-labelledby="eligibility">
        <h2 id="eligibility">{t('legal.whoMayUseTheService')}</h2>
        <p>
          The Service is provided to schools and districts for their students, parents and guardians, and staff. Accounts are created with a sign-up code issued by a
          participating school. Students under 13 may use the Service only through a school that has authorized its use. Parents and guardians may link to their own
          children's accounts only.
        </p>
      </section>

      <section aria-labelledby="accounts">
        <h2 id="accounts">{t('legal.yourAccount')}</h2>
        <p>
          Provide accurate information when you register and keep it up to date. Keep your password private and do not let anyone else use your account. You are
          responsible for activity under your account; tell your school or contact us right away if you believe someone else has used it.
        </p>
      </section>

      <section aria-labelledby="acceptable-use">
        <h2 id="acceptable-use">{t('legal.acceptableUse')}</h2>
        <p>
          Use the Service only for legitimate educational planning and in line with our <Link to="/acceptable-use-policy">Acceptable Use Policy</Link>, which is part of
          these terms.
        </p>
      </section>

      <section aria-labelledby="content">
        <h2 id="content">{t('legal.yourInformationAndContent')}</h2>
        <p>
          Students, parents and schools keep their rights in the information they enter. You give us permission to store, process and display that information only as
          needed to provide the Service to you and your school, as described in our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </section>

      <section aria-labelledby="guidance">
        <h2 id="guidance">{t('legal.planningGuidanceIsNotAGuarantee')}</h2>
        <p>
          Plans, pathway progress and transferability information are guidance based on the course, requirement and agreement data available to us and to your school.
          Course availability, graduation requirements, eligibility rules and credit transfer are decided by schools, colleges and other bodies, and they can change.
          Review important decisions with your school counselor and confirm credit transfer with the receiving institution.
        </p>
      </section>

      <section aria-labelledby="ip">
        <h2 id="ip">{t('legal.ourIntellectualProperty')}</h2>
        <p>
          The Service, including its software, design and content we provide, belongs to Pathway Planner and its licensors. We grant you a limited, non-exclusive,
          non-transferable right to use the Service for its intended purpose while your account is active. You may not copy, modify, resell or reverse engineer the
          Service.
        </p>
      </section>

      <section aria-labelledby="third-party">
        <h2 id="third-party">{t('legal.thirdPartyServices')}</h2>
        <p>
          The Service may link to or embed content from other sites, such as college websites or a video player. Those sites are governed by their own terms and privacy
          policies, and we are not responsible for their content.
        </p>
      </section>

      <section aria-labelledby="termination">
        <h2 id="termination">{t('legal.suspensionAndTermination')}</h2>
        <p>
          You may stop using the Service at any time. Your school may close your account. We may suspend or close an account that breaks these terms or puts the Service
          or other users at risk, and we will tell the school when we do so where appropriate.
        </p>
      </section>

      <section aria-labelledby="disclaimers">
        <h2 id="disclaimers">{t('legal.disclaimersAndLimitationOfLiability')}</h2>
        <p>
          We work hard to keep the Service accurate and available, but it is provided "as is" and "as available" without warranties of any kind, to the extent the law
          allows. To the extent the law allows, Pathway Planner is not liable for indirect, incidental or consequential damages arising from your use of the Service.
        </p>
      </section>

      <section aria-labelledby="changes">
        <h2 id="changes">{t('legal.changesToTheseTerms')}</h2>
        <p>
          We may update these terms from time to time. We will post the new version here with a new date and give notice of material changes in the Service or by email.
          Continuing to use the Service after changes take effect means you accept them.
        </p>
      </section>

      <section aria-labelledby="law">
        <h2 id="law">{t('legal.governingLaw')}</h2>
        <p>These terms are governed by the laws of the State of Nevada, except where the law of your school's state must apply to a public school or to its students.</p>
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">{t('legal.contact')}</h2>
        <p>
          Questions about these terms can be sent to <a href="mailto:support@pathwayplanner.org">support@pathwayplanner.org</a>.
        </p>
      </section>
    </main>
  );
}
