/**
 * An optional drawn signature for the consent screens: a canvas that records strokes as points
 * between 0 and 1 of the pad (what the server draws onto the form). Written here rather than taken
 * from a library: it is a few pointer handlers, and the output must match the server's format and
 * limits (consent-signature.ts: 40 strokes, 1000 points a stroke, 4000 in all), which a library's
 * image or path output would not.
 */
import { useEffect, useRef } from 'react';
import type { Stroke } from './consentFlow';
import { useT } from '../../i18n';

const LIMITS = { strokes: 40, pointsPerStroke: 1000, points: 4000 };
const WIDTH = 400;
const HEIGHT = 100;

export function SignaturePad({ strokes, onChange }: { strokes: Stroke[]; onChange: (strokes: Stroke[]) => void }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Stroke | null>(null);
  const current = useRef<Stroke[]>(strokes);
  current.current = strokes;

  // Redrawn from the strokes whenever they change (a clear, a new stroke).
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    ctx.strokeStyle = '#0d2673';
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const s of strokes) {
      ctx.beginPath();
      s.forEach(([x, y], i) => (i ? ctx.lineTo(x * WIDTH, y * HEIGHT) : ctx.moveTo(x * WIDTH, y * HEIGHT)));
      ctx.stroke();
    }
  }, [strokes]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));
    return [clamp((e.clientX - r.left) / r.width), clamp((e.clientY - r.top) / r.height)];
  };
  const total = () => current.current.reduce((n, s) => n + s.length, 0) + (drawing.current?.length ?? 0);

  return (
    <div className="stack">
      <p id="signature-pad-hint">{t('consent.drawYourSignature')}</p>
      <canvas
        id="signature-pad"
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label={t('consent.signaturePad')}
        aria-describedby="signature-pad-hint"
        role="img"
        style={{ border: '1px solid #888', borderRadius: 4, touchAction: 'none', maxWidth: '100%', background: '#fff' }}
        onPointerDown={(e) => {
          if (current.current.length >= LIMITS.strokes || total() >= LIMITS.points) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = [point(e)];
        }}
        onPointerMove={(e) => {
          const s = drawing.current;
          if (!s || s.length >= LIMITS.pointsPerStroke || total() >= LIMITS.points) return;
          s.push(point(e));
          const ctx = canvas.current?.getContext('2d');
          if (ctx && s.length > 1) {
            const [[x0, y0], [x1, y1]] = [s[s.length - 2], s[s.length - 1]];
            ctx.beginPath();
            ctx.moveTo(x0 * WIDTH, y0 * HEIGHT);
            ctx.lineTo(x1 * WIDTH, y1 * HEIGHT);
            ctx.stroke();
          }
        }}
        onPointerUp={() => {
          const s = drawing.current;
          drawing.current = null;
          // A tap without movement draws nothing (the server refuses a drawing without a line).
          if (s && s.some(([x, y]) => x !== s[0][0] || y !== s[0][1])) onChange([...current.current, s]);
        }}
        onPointerCancel={() => {
          drawing.current = null;
        }}
      />
      <div className="row">
        <button type="button" className="secondary" onClick={() => onChange([])} disabled={!strokes.length}>
          {t('consent.clearDrawing')}
        </button>
      </div>
    </div>
  );
}
