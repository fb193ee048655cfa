type Encoding = { x?: { field?: string; type?: string; [key: string]: unknown }; [key: string]: unknown };

/**
 * A temporal x of `YYYY-MM` values (a monthly trend) drawn per month, in UTC (so no time zone
 * moves a month), labelled "Jan 2025", instead of as instants with weekly ticks.
 */
export function monthly(spec: Record<string, unknown>): Record<string, unknown> {
  const encoding = spec.encoding as Encoding | undefined;
  const values = (spec.data as { values?: Record<string, unknown>[] } | undefined)?.values;
  const field = encoding?.x?.field;
  if (!encoding?.x || encoding.x.type !== 'temporal' || !field || !values?.length) return spec;
  if (!values.every((row) => typeof row[field] === 'string' && /^\d{4}-\d{2}$/.test(row[field] as string))) return spec;
  return { ...spec, encoding: { ...encoding, x: { ...encoding.x, timeUnit: 'utcyearmonth', axis: { format: '%b %Y', labelAngle: 0, labelOverlap: true } } } };
}

/**
 * Renders an answer's Vega-Lite spec with vega-embed (bundled, loaded on the first chart), as
 * SVG, without the action menu (whose links lead to other sites).
 */
export async function renderChart(element: HTMLElement, spec: Record<string, unknown>, description: string): Promise<() => void> {
  const { default: embed } = await import('vega-embed');
  const result = await embed(
    element,
    { ...monthly(spec), description, width: 'container', height: 280, autosize: { type: 'fit', contains: 'padding' } } as never,
    { actions: false, renderer: 'svg', tooltip: true },
  );
  return () => result.finalize();
}
