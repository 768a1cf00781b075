/**
 * How long the sandboxes of the tests wait for a webhook receiver's answer, and how late the "slow"
 * receiver answers (always past that wait). The receivers run in the test's own process: on a starved
 * machine (npm test -- --stress) an accepting receiver took over a second to answer, was judged
 * failed, and got every alert twice. Tests name the timeout a slow receiver meets from here.
 */
export const TEST_DELIVERY_TIMINGS = { deliveryTimeoutMs: 5_000, slowReceiverDelayMs: 7_000 } as const;

/** The error a delivery to the slow receiver ends with (axios' words, as the real service records them). */
export const SLOW_RECEIVER_ERROR = `timeout of ${TEST_DELIVERY_TIMINGS.deliveryTimeoutMs}ms exceeded`;
