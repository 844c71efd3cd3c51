/** /directory-opt-out-form: the printable directory-information opt-out form of the contract's attachment B. */
import './contracts.css';
import { useT } from '../../i18n';

export default function DirectoryOptOutFormPage() {
  const t = useT();
  return (
    <main className="page stack opt-out-form">
      <h1>{t('contracts.directoryInformationOptOutForm')}</h1>
      <p>{t('contracts.underTheFamilyEducationalRightsAnd')}</p>
      <div className="card no-print">
        <strong>{t('contracts.instructions')}</strong> {t('contracts.printThisFormFillItIn')}
      </div>
      <p className="line">
        {t('contracts.studentName')} <span className="blank" />
      </p>
      <p className="line">
        {t('contracts.date')} <span className="blank" />
      </p>
      <p className="line">
        {t('contracts.parentGuardianSignature')} <span className="blank" />
      </p>
      <p className="line">
        {t('contracts.date')} <span className="blank" />
      </p>
      <p className="muted">{t('contracts.returnWithin15CalendarDaysOf')}</p>
      <div className="no-print">
        <button type="button" onClick={() => window.print()}>
          {t('contracts.print')}
        </button>
      </div>
    </main>
  );
}
