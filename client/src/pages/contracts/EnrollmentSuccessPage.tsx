/** /enrollment-success: the celebration (100 falling confetti dots, moved every 50 ms), what comes next, and the dashboard. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import './contracts.css';

export const CONFETTI_PIECES = 100;
export const CONFETTI_TICK_MS = 50;
const COLORS = ['#1f4e79', '#f2a541', '#127a3f', '#b42318', '#7b4fd6', '#2e9bd6'];

interface Piece { x: number; y: number; speed: number; drift: number; color: string }

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
  const navigate = useNavigate();
  return (
    <main className="page stack">
      <Confetti />
      <div className="card stack" style={{ position: 'relative', zIndex: 6 }}>
        <h1>Welcome to Dual School!</h1>
        <p>Congratulations! Your enrollment contract is signed and your student is now enrolled in Dual School for the 2025-26 school year. We are excited to have your family with us.</p>
        <h2>What's Next?</h2>
        <ol>
          <li>View your payment options and pay the first tuition payment on the Payments page.</li>
          <li>Our team prepares your student's academic pathway.</li>
          <li>Schedule your family consultation and the student orientation.</li>
          <li>Your student receives access to the student portal.</li>
          <li>Watch for a welcome email with everything you need to get started.</li>
        </ol>
        <p className="muted"><strong>Tip:</strong> check your email (and your spam folder) for messages from Dual School over the next few days.</p>
        <div><button type="button" onClick={() => navigate('/parent-applications')}>Go to Dashboard</button></div>
      </div>
    </main>
  );
}
