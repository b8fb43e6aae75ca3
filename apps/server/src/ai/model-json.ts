/**
 * Reading a model's JSON answer (a rubric's scores, from AI marking and training debriefs): models
 * wrap it in prose or a code fence and write numbers as strings, so each reader is lenient here and
 * strict about the shape it then takes from the value.
 */

/** The first JSON object in `text`: inside a ```json fence if there is one, else between the outer braces. Null when none parses. */
export function firstJsonObject(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  for (const candidate of [fenced, text]) {
    if (!candidate) continue;
    const start = candidate.indexOf('{');
    const end = candidate.lastIndexOf('}');
    if (start < 0 || end <= start) continue;
    try {
      return JSON.parse(candidate.slice(start, end + 1));
    } catch { /* try the next form */ }
  }
  return null;
}

/** A number, or a string holding one; null otherwise. */
export const toNumber = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** A score within 0..points, to one decimal. */
export const clampScore = (score: number, points: number) => Math.round(Math.min(points, Math.max(0, score)) * 10) / 10;
