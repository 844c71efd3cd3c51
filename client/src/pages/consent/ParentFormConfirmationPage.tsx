import { useT } from '../../i18n';
/** /parent-form-confirmation — the parent's signature is recorded (spec 3 §2). */
export default function ParentFormConfirmationPage() {
  const t = useT();
  return (
    <main className="page narrow">
      <section className="card stack">
        <h1>{t('consent.parentConsentFormSuccessfullySigned')}</h1>
        <p>{t('consent.yourSignatureHasBeenRecordedYou')}</p>
      </section>
    </main>
  );
}
