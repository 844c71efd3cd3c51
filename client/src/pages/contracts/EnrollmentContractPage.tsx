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
  CompleteEnrollmentContractDocument, CurrentUserDocument, EnrollmentContractPageDocument, GenerateEnrollmentContractPdfDocument,
  type EnrollmentContractPageQuery,
} from '../../graphql/generated';
import { cachedUser, cacheUser, KEYS } from '../../session/storage';
import { canAdopt, canContinue, MESSAGES, missingSpots, REQUIRED_PLACEMENTS, valueForSpot, type Adopted } from './placement';
import './contracts.css';

type Doc = EnrollmentContractPageQuery['enrollmentContractDocument'];

export default function EnrollmentContractPage() {
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
  useEffect(() => () => {
    if (pdfSrc?.startsWith('blob:')) URL.revokeObjectURL(pdfSrc);
  }, [pdfSrc]);

  if (loading && !data) return <main className="page"><p>Loading...</p></main>;
  if (!doc) return <main className="page"><p className="alert alert-danger">The enrollment contract could not be loaded. Please try again.</p></main>;
  if (data?.myEnrollmentContract?.status === 'completed') {
    return (
      <main className="page stack">
        <h1>Enrollment Contract</h1>
        <p className="alert alert-success">Your enrollment contract is signed. Thank you!</p>
        <p><Link to="/parent-payments">View payment options</Link></p>
      </main>
    );
  }

  function adopt(e: FormEvent) {
    e.preventDefault();
    if (!canAdopt(adopted)) {
      window.alert(MESSAGES.adoptMissing);
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
      window.alert(MESSAGES.pdfFailed);
    }
  }

  async function submit() {
    const missing = missingSpots(required, placed);
    if (missing.length > 0) {
      window.alert(MESSAGES.missingSpots + missing.join(', '));
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
      d?.currentUser ? { ...d, currentUser: { ...d.currentUser, applicationStatus: 'enrolled' } } : d);
    navigate('/enrollment-success');
  }

  return (
    <main className="page stack">
      <p className="muted">Step {stage} of 3 · {doc.title}{data?.myEnrollmentContract?.studentName ? ` · Student: ${data.myEnrollmentContract.studentName}` : ''}</p>
      {stage === 1 && (
        <form className="card stack" onSubmit={adopt} aria-labelledby="stage-title">
          <h1 id="stage-title" ref={heading} tabIndex={-1}>Adopt Your Signature and Initials</h1>
          <p>Type your full name and initials. They will be placed on the contract where you click.</p>
          <label>Full Name<input value={adopted.fullName} onChange={(e) => setAdopted({ ...adopted, fullName: e.target.value })} autoComplete="name" /></label>
          <label>Initials<input value={adopted.initials} onChange={(e) => setAdopted({ ...adopted, initials: e.target.value })} maxLength={10} /></label>
          <div className="row" style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: 2 }}>
              <div className="muted">Signature preview</div>
              <div className="script-preview" data-testid="signature-preview">{adopted.fullName}</div>
            </div>
            <div style={{ flex: 1 }}>
              <div className="muted">Initials preview</div>
              <div className="script-preview" data-testid="initials-preview">{adopted.initials}</div>
            </div>
          </div>
          <div><button type="submit" disabled={!canAdopt(adopted)}>Adopt Signature and Initials</button></div>
        </form>
      )}

      {stage === 2 && (
        <section className="stack" aria-labelledby="stage-title">
          <h1 id="stage-title" ref={heading} tabIndex={-1}>Place Your Signatures and Initials</h1>
          <p>Click each highlighted spot to place your initials, signature, name and today's date.</p>
          <div className="contract-scroll" tabIndex={0} aria-label="Enrollment contract">
            <div className="placement-counter" role="status" aria-live="polite">{placedCount} of {REQUIRED_PLACEMENTS} placed</div>
            <ContractText doc={doc} placed={placed} onPlace={place} />
          </div>
          <div className="row">
            <button type="button" className="secondary" onClick={() => setStage(1)}>Back</button>
            <button type="button" onClick={toReview} disabled={!canContinue(placedCount, generating.loading)}>
              {generating.loading ? 'Generating PDF...' : 'Continue to Final Review'}
            </button>
          </div>
        </section>
      )}

      {stage === 3 && (
        <section className="stack" aria-labelledby="stage-title">
          <h1 id="stage-title" ref={heading} tabIndex={-1}>Final Review and Sign</h1>
          {pdfSrc ? (
            <iframe className="contract-pdf" src={pdfSrc} title="Enrollment contract PDF" />
          ) : pdfUrl ? (
            <p role="status">PDF is being generated...</p>
          ) : (
            <div className="contract-scroll"><ContractText doc={doc} placed={placed} /></div>
          )}
          <div className="row">
            <button type="button" className="secondary" onClick={() => setStage(2)} disabled={completing.loading}>Back</button>
            <button type="button" onClick={submit} disabled={completing.loading}>
              {completing.loading ? 'Submitting...' : pdfUrl ? 'Confirm and Submit' : 'Complete Signing'}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}

function ContractText({ doc, placed, onPlace }: { doc: Doc; placed: Record<string, string>; onPlace?: (name: string, kind: string) => void }) {
  return (
    <article>
      <h2>{doc.title}</h2>
      <p>{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.key} aria-label={section.heading}>
          <h3>{section.heading}</h3>
          {section.paragraphs.map((p) => <p key={p}>{p}</p>)}
          {section.link && <p><Link to={section.link.href} target="_blank" rel="noopener">{section.link.label}</Link></p>}
          {section.spots.map((spot) => {
            const value = placed[spot.name];
            return (
              <div className="contract-spot" key={spot.name}>
                <span className="spot-label" id={`label-${spot.name}`}>{spot.label}</span>
                <button
                  type="button"
                  className={`spot${value ? ' placed' : ''}${spot.kind === 'date' || spot.kind === 'name' ? ' plain' : ''}`}
                  data-spot={spot.name}
                  aria-label={value ? `${spot.label}: ${value}` : `Place ${spot.label}`}
                  onClick={() => onPlace?.(spot.name, spot.kind)}
                  disabled={!onPlace}
                >
                  {value || 'Click to place'}
                </button>
              </div>
            );
          })}
        </section>
      ))}
    </article>
  );
}
