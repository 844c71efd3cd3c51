/**
 * /enrollment-contract, three stages (spec 3 §2, §4): adopt a signature and initials, place them
 * on the 11 highlighted spots of the contract, then review the server-generated PDF and submit.
 * The contract text comes from the server (the same sections the PDF draws).
 */
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fetchFileAsBlobUrl } from '../../components/files';
import {
  CompleteEnrollmentContractDocument,
  CurrentUserDocument,
  EnrollmentContractPageDocument,
  GenerateEnrollmentContractPdfDocument,
  type EnrollmentContractPageQuery,
} from '../../graphql/generated';
import { cachedUser, cacheUser, KEYS } from '../../session/storage';
import { canAdopt, canContinue, MESSAGES, missingSpots, REQUIRED_PLACEMENTS, valueForSpot, type Adopted } from './placement';
import './contracts.css';
import { useT } from '../../i18n';

type Doc = EnrollmentContractPageQuery['enrollmentContractDocument'];

export default function EnrollmentContractPage() {
  const t = useT();
  const { data, loading } = useQuery(EnrollmentContractPageDocument, { fetchPolicy: 'network-only' });
  const [stage, setStage] = useState<1 | 2 | 3>(1);
  const [adopted, setAdopted] = useState<Adopted>({ fullName: '', initials: '' });
  const [placed, setPlaced] = useState<Record<string, string>>({});
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [pdfSrc, setPdfSrc] = useState<string | null>(null);
  const [generate, generating] = useMutation(GenerateEnrollmentContractPdfDocument);
  const [complete, completing] = useMutation(CompleteEnrollmentContractDocument);
  const client = useApolloClient();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  const doc = data?.enrollmentContractDocument;
  const required = useMemo(() => doc?.sections.flatMap((s) => s.spots.map((p) => p.name)) ?? [], [doc]);
  const placedCount = required.filter((n) => placed[n]?.trim()).length;

  useEffect(() => heading.current?.focus(), [stage]);
  useEffect(
    () => () => {
      if (pdfSrc?.startsWith('blob:')) URL.revokeObjectURL(pdfSrc);
    },
    [pdfSrc],
  );

  if (loading && !data)
    return (
      <main className="page">
        <p>{t('common.loading')}</p>
      </main>
    );
  if (!doc)
    return (
      <main className="page">
        <p className="alert alert-danger">{t('contracts.theEnrollmentContractCouldNotBe')}</p>
      </main>
    );
  // Signed, and no next year's contract offered yet (re-enrollment): nothing to sign.
  if (data?.myEnrollmentContract?.status === 'completed' && !data.reEnrollmentOffer) {
    return (
      <main className="page stack">
        <h1>{t('contracts.enrollmentContract')}</h1>
        <p className="alert alert-success">{t('contracts.yourEnrollmentContractIsSignedThank')}</p>
        <p>
          <Link to="/parent-payments">{t('contracts.viewPaymentOptions')}</Link>
        </p>
      </main>
    );
  }

  function adopt(e: FormEvent) {
    e.preventDefault();
    if (!canAdopt(adopted)) {
      window.alert(t(MESSAGES.adoptMissing));
      return;
    }
    setStage(2);
  }

  function place(name: string, kind: string) {
    setPlaced((p) => ({ ...p, [name]: valueForSpot(kind, adopted) }));
  }

  async function toReview() {
    try {
      const { data: result } = await generate({
        variables: {
          input: {
            placedSignatures: required.map((spot) => ({ spot, value: placed[spot] ?? '' })),
            userName: `${localStorage.getItem(KEYS.firstName) ?? ''} ${localStorage.getItem(KEYS.lastName) ?? ''}`.trim(),
            userEmail: localStorage.getItem(KEYS.email) ?? '',
            completionDate: new Date().toISOString(),
          },
        },
      });
      const url = result?.generateEnrollmentContractPdf.pdfUrl;
      if (!result?.generateEnrollmentContractPdf.success || !url) throw new Error(result?.generateEnrollmentContractPdf.error ?? 'No PDF');
      setPdfUrl(url);
      setStage(3);
      try {
        setPdfSrc(await fetchFileAsBlobUrl(url));
      } catch (err) {
        console.error('Could not fetch the contract PDF; using its address', err);
        setPdfSrc(url);
      }
    } catch (err) {
      console.error('Failed to generate the contract PDF', err);
      window.alert(t(MESSAGES.pdfFailed));
    }
  }

  async function submit() {
    const missing = missingSpots(required, placed);
    if (missing.length > 0) {
      window.alert(t(MESSAGES.missingSpots) + missing.join(', '));
      return;
    }
    try {
      await complete();
    } catch (err) {
      // Per the spec, the parent still goes on to the success page.
      console.error('Failed to complete the enrollment contract', err);
    }
    const user = cachedUser();
    if (user) cacheUser({ ...user, applicationStatus: 'enrolled' });
    client.cache.updateQuery({ query: CurrentUserDocument }, (d) =>
      d?.currentUser ? { ...d, currentUser: { ...d.currentUser, applicationStatus: 'enrolled' as const } } : d,
    );
    navigate('/enrollment-success');
  }

  return (
    <main className="page stack">
      <p className="muted">
        {t('contracts.stepOf3', { stage, title: doc.title })}
        {data?.myEnrollmentContract?.studentName ? t('contracts.studentStudentname', { studentName: data.myEnrollmentContract.studentName }) : ''}
      </p>
      {stage === 1 && (
        <form className="card stack" onSubmit={adopt} aria-labelledby="stage-title">
          <h1 id="stage-title" ref={heading} tabIndex={-1}>
            {t('contracts.adoptYourSignatureAndInitials')}
          </h1>
          <p>{t('contracts.typeYourFullNameAndInitials')}</p>
          <label>
            {t('contracts.fullName')}
            <input value={adopted.fullName} onChange={(e) => setAdopted({ ...adopted, fullName: e.target.value })} autoComplete="name" />
          </label>
          <label>
            {t('contracts.initials')}
            <input value={adopted.initials} onChange={(e) => setAdopted({ ...adopted, initials: e.target.value })} maxLength={10} />
          </label>
          <div className="row" style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: 2 }}>
              <div className="muted">{t('contracts.signaturePreview')}</div>
              <div className="script-preview" data-testid="signature-preview">
                {adopted.fullName}
              </div>
            </div>
            <div style={{ flex: 1 }}>
              <div className="muted">{t('contracts.initialsPreview')}</div>
              <div className="script-preview" data-testid="initials-preview">
                {adopted.initials}
              </div>
            </div>
          </div>
          <div>
            <button type="submit" disabled={!canAdopt(adopted)}>
              {t('contracts.adoptSignatureAndInitials')}
            </button>
          </div>
        </form>
      )}

      {stage === 2 && (
        <section className="stack" aria-labelledby="stage-title">
          <h1 id="stage-title" ref={heading} tabIndex={-1}>
            {t('contracts.placeYourSignaturesAndInitials')}
          </h1>
          <p>{t('contracts.clickEachHighlightedSpotToPlace')}</p>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
          <div className="contract-scroll" tabIndex={0} aria-label={t('contracts.enrollmentContractDocument')}>
            <div className="placement-counter" role="status" aria-live="polite">
              {t('contracts.placedcountOfRequiredPlacementsPlaced', { placedCount, REQUIRED_PLACEMENTS })}
            </div>
            <ContractText doc={doc} placed={placed} onPlace={place} />
          </div>
          <div className="row">
            <button type="button" className="secondary" onClick={() => setStage(1)}>
              {t('common.back')}
            </button>
            <button type="button" onClick={toReview} disabled={!canContinue(placedCount, generating.loading)}>
              {generating.loading ? t('contracts.generatingPdf') : t('contracts.continueToFinalReview')}
            </button>
          </div>
        </section>
      )}

      {stage === 3 && (
        <section className="stack" aria-labelledby="stage-title">
          <h1 id="stage-title" ref={heading} tabIndex={-1}>
            {t('contracts.finalReviewAndSign')}
          </h1>
          {pdfSrc ? (
            <iframe className="contract-pdf" src={pdfSrc} title={t('contracts.enrollmentContractPdf')} />
          ) : pdfUrl ? (
            <p role="status">{t('contracts.pdfIsBeingGenerated')}</p>
          ) : (
            <div className="contract-scroll">
              <ContractText doc={doc} placed={placed} />
            </div>
          )}
          <div className="row">
            <button type="button" className="secondary" onClick={() => setStage(2)} disabled={completing.loading}>
              {t('common.back')}
            </button>
            <button type="button" onClick={submit} disabled={completing.loading}>
              {completing.loading ? t('contracts.submitting') : pdfUrl ? t('contracts.confirmAndSubmit') : t('contracts.completeSigning')}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}

function ContractText({ doc, placed, onPlace }: { doc: Doc; placed: Record<string, string>; onPlace?: (name: string, kind: string) => void }) {
  const t = useT();
  return (
    <article>
      <h2>{doc.title}</h2>
      <p>{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.key} aria-label={section.heading}>
          <h3>{section.heading}</h3>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.link && (
            <p>
              <Link to={section.link.href} target="_blank" rel="noopener">
                {section.link.label}
              </Link>
            </p>
          )}
          {section.spots.map((spot) => {
            const value = placed[spot.name];
            return (
              <div className="contract-spot" key={spot.name}>
                <span className="spot-label" id={`label-${spot.name}`}>
                  {spot.label}
                </span>
                <button
                  type="button"
                  className={`spot${value ? ' placed' : ''}${spot.kind === 'date' || spot.kind === 'name' ? ' plain' : ''}`}
                  data-spot={spot.name}
                  aria-label={value ? `${spot.label}: ${value}` : t('contracts.placeLabel', { label: spot.label })}
                  onClick={() => onPlace?.(spot.name, spot.kind)}
                  disabled={!onPlace}
                >
                  {value || t('contracts.clickToPlace')}
                </button>
              </div>
            );
          })}
        </section>
      ))}
    </article>
  );
}
