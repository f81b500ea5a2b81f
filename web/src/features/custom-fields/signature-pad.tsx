import './strings.ts';
import { Eraser } from 'lucide-react';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** The drawing box: 300 x 150 units, scaled to the width it is given. */
const W = 300;
const H = 150;

/**
 * A signature drawn with a finger or a pen, kept as SVG path data (a few KB, so it travels in the
 * answer and queues offline like any other).
 */
export function SignaturePad({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (path: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [drawing, setDrawing] = useState(false);
  const point = (e: PointerEvent) => {
    const box = svg.current!.getBoundingClientRect();
    const x = Math.round(((e.clientX - box.left) / box.width) * W);
    const y = Math.round(((e.clientY - box.top) / box.height) * H);
    return `${Math.max(0, Math.min(W, x))} ${Math.max(0, Math.min(H, y))}`;
  };
  return (
    <div className="grid gap-2">
      <svg
        ref={svg}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        viewBox={`0 0 ${W} ${H}`}
        className="aspect-[2/1] w-full touch-none rounded-md border bg-white"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setDrawing(true);
          onChange(`${value}${value ? ' ' : ''}M${point(e)}`);
        }}
        onPointerMove={(e) => drawing && onChange(`${value} L${point(e)}`)}
        onPointerUp={() => setDrawing(false)}
      >
        <path
          d={value}
          fill="none"
          stroke="#111827"
          strokeWidth={2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange('')}
      >
        <Eraser aria-hidden />
        {t('custom-fields.clear-signature')}
      </Button>
    </div>
  );
}
