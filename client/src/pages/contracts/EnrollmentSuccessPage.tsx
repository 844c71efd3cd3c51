/** /enrollment-success: the celebration (100 falling confetti dots, moved every 50 ms), what comes next, and the dashboard. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import './contracts.css';
import { useT } from '../../i18n';

export const CONFETTI_PIECES = 100;
export const CONFETTI_TICK_MS = 50;
const COLORS = ['#1f4e79', '#f2a541', '#127a3f', '#b42318', '#7b4fd6', '#2e9bd6'];

interface Piece {
  x: number;
  y: number;
  speed: number;
  drift: number;
  color: string;
}

function makePieces(): Piece[] {
  return Array.from({ length: CONFETTI_PIECES }, (_, i) => ({
    x: Math.random() * 100,
    y: -Math.random() * 100,
    speed: 0.4 + Math.random() * 1.2,
    drift: (Math.random() - 0.5) * 0.3,
    color: COLORS[i % COLORS.length],
  }));
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Confetti() {
  const [pieces, setPieces] = useState<Piece[]>(makePieces);
  useEffect(() => {
    // People who ask for less motion see the dots resting, not falling.
    if (prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      setPieces((ps) => ps.map((p) => ({ ...p, y: p.y > 105 ? -5 : p.y + p.speed, x: (p.x + p.drift + 100) % 100 })));
    }, CONFETTI_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {pieces.map((p, i) => (
        <span key={i} style={{ left: `${p.x}%`, top: `${prefersReducedMotion() ? Math.abs(p.y) : p.y}%`, background: p.color }} />
      ))}
    </div>
  );
}

export default function EnrollmentSuccessPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <main className="page stack">
      <Confetti />
      <div className="card stack" style={{ position: 'relative', zIndex: 6 }}>
        <h1>{t('contracts.welcomeToDualSchool')}</h1>
        <p>{t('contracts.congratulationsYourEnrollmentContractIsS')}</p>
        <h2>{t('contracts.whatSNext')}</h2>
        <ol>
          <li>{t('contracts.viewYourPaymentOptionsAndPay')}</li>
          <li>{t('contracts.ourTeamPreparesYourStudentS')}</li>
          <li>{t('contracts.scheduleYourFamilyConsultationAndThe')}</li>
          <li>{t('contracts.yourStudentReceivesAccessToThe')}</li>
          <li>{t('contracts.watchForAWelcomeEmailWith')}</li>
        </ol>
        <p className="muted">
          <strong>{t('contracts.tip')}</strong> {t('contracts.checkYourEmailAndYourSpam')}
        </p>
        <div>
          <button type="button" onClick={() => navigate('/parent-applications')}>
            {t('contracts.goToDashboard')}
          </button>
        </div>
      </div>
    </main>
  );
}
