/** What a chart draws: rows of a dataset and the series (keys) it shows. */
export type ChartDataset = readonly Readonly<Record<string, string | number>>[];

export interface ChartSeries {
  /** The dataset key of its numbers. */
  key: string;
  /** Its label (legend, tooltip and table header), already in the UI language. */
  label: string;
}
