/**
 * Renders an answer's Vega-Lite spec with vega-embed (bundled, loaded on the first chart), as
 * SVG, without the action menu (whose links lead to other sites).
 */
export async function renderChart(element: HTMLElement, spec: Record<string, unknown>, description: string): Promise<() => void> {
  const { default: embed } = await import('vega-embed');
  const result = await embed(
    element,
    { ...spec, description, width: 'container', height: 280, autosize: { type: 'fit', contains: 'padding' } } as never,
    { actions: false, renderer: 'svg', tooltip: true },
  );
  return () => result.finalize();
}
