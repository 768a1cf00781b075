export interface Needle {
  kind: string;
  value: string;
}
export interface Found extends Needle {
  offset: number;
}
export function secretMatcher(needles: Needle[]): (text: string) => Found[];
export function describeNeedle(needle: Needle): string;
