/**
 * The longest ticket reference an eject request takes (a case link longer than this is not offered as one).
 * Apart from the request schema so the request form can use it without loading zod.
 */
export const EJECT_TICKET_MAX = 64;
