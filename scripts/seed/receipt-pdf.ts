/**
 * A one-page PDF of a few lines of text: a seeded expense's receipt. Built by hand (objects, then
 * the cross-reference table with their byte offsets), so the same lines always give the same bytes.
 */
export function receiptPdf(lines: readonly string[]): Uint8Array {
  // PDF strings escape backslashes and brackets; the seed writes ASCII only (GBP, not the sign).
  const pdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map(
    (l, i) => `BT /F1 ${i === 0 ? 14 : 10} Tf 40 ${380 - i * 18} Td (${pdfString(l)}) Tj ET`,
  );
  const content = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
