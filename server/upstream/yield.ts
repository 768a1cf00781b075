import "server-only";
import {
  endpoints,
  type EnterYieldBody,
  type ExitYieldBody,
  type ListYieldActionsQuery,
  type ListYieldsQuery,
  type ManageYieldBody,
  type SubmitHashBody,
  type YieldBalancesBody,
} from "@/lib/contracts";
import { UpstreamClient, type RequestOptions, type UpstreamClientOptions } from "./core";

/**
 * Yield operations for one client (client API key or session token), under
 * /api/v3/clients/me/integrations/{YIELD_PROVIDER_SEGMENT}.
 */
export class YieldClient extends UpstreamClient {
  constructor(options: UpstreamClientOptions) {
    super("yield", options);
  }

  yields(query: ListYieldsQuery = {}, options?: RequestOptions) {
    return this.call(endpoints.listYields, { query }, options);
  }

  enter(body: EnterYieldBody, options?: RequestOptions) {
    return this.call(endpoints.enterYield, { body }, options);
  }

  exit(body: ExitYieldBody, options?: RequestOptions) {
    return this.call(endpoints.exitYield, { body }, options);
  }

  /** action and passthrough come from a pending action of balances(). */
  manage(body: ManageYieldBody, options?: RequestOptions) {
    return this.call(endpoints.manageYield, { body }, options);
  }

  balances(body: YieldBalancesBody, options?: RequestOptions) {
    return this.call(endpoints.getYieldBalances, { body }, options);
  }

  actions(query: ListYieldActionsQuery, options?: RequestOptions) {
    return this.call(endpoints.listYieldActions, { query }, options);
  }

  submitHash(transactionId: string, body: SubmitHashBody, options?: RequestOptions) {
    return this.call(endpoints.submitYieldTransactionHash, { params: { transactionId }, body }, options);
  }
}
