/** Subscription Service Agreement: the terms under which schools and districts subscribe to Pathway Planner. */
import { Link } from 'react-router-dom';
import './legal.css';
import { useT } from '../../i18n';
import { EnglishGovernsNote } from '../../i18n/LanguageSwitch';

export default function ServiceAgreementPage() {
  const t = useT();
  return (
    <main className="page legal">
      <h1>{t('legal.subscriptionServiceAgreement')}</h1>
      <EnglishGovernsNote />
      <p className="legal-meta">Effective date: January 1, 2025</p>

      <p>
        This Subscription Service Agreement (the "Agreement") is between Pathway Planner ("Provider", "we") and the school, district or other educational institution that
        signs an order form referencing it ("Customer"). It governs Customer's subscription to the Pathway Planner academic planning platform (the "Service").
      </p>

      <section aria-labelledby="service">
        <h2 id="service">{t('legal.n1TheService')}</h2>
        <p>
          During the subscription term, Provider will make the Service available to Customer and to the students, parents and staff Customer authorizes ("Authorized
          Users"), as described in the order form. Provider will provide onboarding, training materials and email support during normal business hours, and will use
          commercially reasonable efforts to keep the Service available and secure.
        </p>
      </section>

      <section aria-labelledby="customer">
        <h2 id="customer">{t('legal.n2CustomerResponsibilities')}</h2>
        <p>
          Customer will issue sign-up codes only to its own students, parents and staff, keep its course and requirement data accurate, and ensure that Authorized Users
          follow the <Link to="/terms-of-use">Terms of Use</Link> and the <Link to="/acceptable-use-policy">Acceptable Use Policy</Link>. Customer is responsible for
          obtaining any consents that its policies or the law require before students use the Service.
        </p>
      </section>

      <section aria-labelledby="data">
        <h2 id="data">{t('legal.n3StudentData')}</h2>
        <p>
          Customer owns and controls its education records. Provider acts as a school official under FERPA, processes student data only to provide the Service, does not
          sell it and does not use it for targeted advertising, as set out in the <Link to="/privacy-policy">Privacy Policy</Link> and any data privacy agreement the
          parties sign. When this Agreement ends, Provider will return or delete Customer's student data on Customer's written request, except where the law requires
          Provider to keep it.
        </p>
      </section>

      <section aria-labelledby="fees">
        <h2 id="fees">{t('legal.n4FeesAndPayment')}</h2>
        <p>
          Customer will pay the subscription fees stated in the order form. Provider will invoice annually in advance unless the order form says otherwise. Invoices are
          due within 30 days of the invoice date. Late amounts bear interest at the lesser of 1.5% per month or the maximum allowed by law. Fees do not include taxes;
          Customer is responsible for any applicable taxes unless it provides a valid exemption certificate. If an invoice is more than 30 days overdue, Provider may
          suspend the Service after giving Customer written notice and at least 10 days to pay.
        </p>
      </section>

      <section aria-labelledby="term">
        <h2 id="term">{t('legal.n5TermAndRenewal')}</h2>
        <p>
          The initial subscription term is stated in the order form. After that, this Agreement renews automatically for successive 12-month terms unless either party
          gives 30 days' notice of non-renewal before the end of the then-current term. Notices of non-renewal must be in writing.
        </p>
      </section>

      <section aria-labelledby="termination">
        <h2 id="termination">{t('legal.n6Termination')}</h2>
        <p>
          Either party may terminate this Agreement if the other materially breaches it and does not cure the breach within 30 days after written notice. If Customer
          terminates for Provider's uncured breach, Provider will refund any prepaid fees for the remainder of the term. Sections 3, 4 (for amounts owed), 8, 9 and 10
          survive termination.
        </p>
      </section>

      <section aria-labelledby="warranties">
        <h2 id="warranties">{t('legal.n7Warranties')}</h2>
        <p>
          Provider warrants that the Service will perform materially as described in its documentation. If it does not, Provider will correct the problem or, if it cannot
          do so within a reasonable time, Customer may terminate the affected subscription and receive a refund of prepaid fees for the remaining term. Except as stated
          in this Agreement, the Service is provided without other warranties, express or implied, to the extent the law allows.
        </p>
      </section>

      <section aria-labelledby="liability">
        <h2 id="liability">{t('legal.n8LimitationOfLiability')}</h2>
        <p>
          Each party's total liability arising out of or relating to this Agreement is capped at the fees paid in the 12 months before the claim. Neither party is liable
          for indirect, incidental, special or consequential damages, or for lost profits, even if advised of their possibility. These limits do not apply to Customer's
          obligation to pay fees owed, or to the extent the law does not allow them.
        </p>
      </section>

      <section aria-labelledby="confidentiality">
        <h2 id="confidentiality">{t('legal.n9Confidentiality')}</h2>
        <p>
          Each party will protect the other's confidential information with at least reasonable care and use it only to perform this Agreement. This does not restrict
          disclosures required by law, including public records laws that apply to Customer.
        </p>
      </section>

      <section aria-labelledby="law">
        <h2 id="law">{t('legal.n10GoverningLaw')}</h2>
        <p>
          This Agreement is governed by the laws of the State of Nevada, without regard to its conflict-of-laws rules. If Customer is a public entity whose governing law
          requires that a different law or venue apply, that requirement controls to the extent necessary.
        </p>
      </section>

      <section aria-labelledby="general">
        <h2 id="general">{t('legal.n11General')}</h2>
        <p>
          This Agreement, the order form and the documents they reference are the parties' entire agreement about the Service. If they conflict, the order form controls,
          then this Agreement. Neither party may assign this Agreement without the other's consent, except to a successor to substantially all of its business that agrees
          to be bound by it. Neither party is liable for delays caused by events beyond its reasonable control. Questions about this Agreement can be sent to{' '}
          <a href="mailto:legal@pathwayplanner.org">legal@pathwayplanner.org</a>.
        </p>
      </section>
    </main>
  );
}
