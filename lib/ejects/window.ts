/**
 * How long an eject window may be asked for, in minutes: the upstream's minimum and default
 * (spec: enable-eject), and the console's own ceiling. Apart from the request schema so the
 * request form can name the bounds without loading zod.
 */
export const EJECT_WINDOW_MINUTES = { min: 1, max: 60, default: 5 } as const;
