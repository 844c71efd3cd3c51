/**
 * Re-enrollment on /parent-payments: an enrolled family is offered next year's contract (its year
 * and tuition) once the school has opened it, and signs it through the same contract pages; the
 * server decides whether there is an offer.
 */
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { ReEnrollmentOfferDocument } from '../../graphql/generated';
import { formatDay, formatMoney } from '../../i18n/formats';
import { useT } from '../../i18n';

export function ReEnrollmentOffer() {
  const t = useT();
  const { data } = useQuery(ReEnrollmentOfferDocument, { fetchPolicy: 'network-only' });
  const offer = data?.reEnrollmentOffer;
  if (!offer) return null;
  return (
    <section className="card stack" aria-labelledby="re-enrollment-title">
      <h2 id="re-enrollment-title">{t('payments.reEnrollmentTitle', { year: offer.schoolYear })}</h2>
      <p>
        {t('payments.reEnrollmentOffer', {
          year: offer.schoolYear,
          starts: formatDay(offer.startsOn),
          tuition: formatMoney(offer.annualTuitionCents / 100),
          due: formatDay(offer.tuitionDueOn),
        })}
      </p>
      <p>
        <Link className="button" to="/enrollment-contract">
          {t('payments.reEnrollmentSign', { year: offer.schoolYear })}
        </Link>
      </p>
    </section>
  );
}
