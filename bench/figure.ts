/** One measured figure and the target it is held to. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** Whether a lower or a higher value is better. */
  better: "lower" | "higher";
}
