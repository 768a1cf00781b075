import "server-only";
import {
  endpoints,
  type AssetsSendBody,
  type BackupBody,
  type Curve,
  type RawSignBody,
  type RecoverBody,
  type SignBody,
} from "@/lib/contracts";
import { UpstreamClient, type RequestOptions, type UpstreamClientOptions } from "./core";

/**
 * The MPC signing service, acting for one client (client API key or session token). Every call is
 * a POST that may sign or move funds, so none is resent after it may have reached the service.
 */
export class MpcClient extends UpstreamClient {
  constructor(options: UpstreamClientOptions) {
    super("mpc", options);
  }

  generate(options?: RequestOptions) {
    return this.call(endpoints.mpcGenerate, { body: {} }, options);
  }

  /** generateResponse: the generate response, as the JSON string the API's examples send, or the object. */
  backup(body: BackupBody, options?: RequestOptions) {
    return this.call(endpoints.mpcBackup, { body }, options);
  }

  recover(body: RecoverBody, options?: RequestOptions) {
    return this.call(endpoints.mpcRecover, { body }, options);
  }

  sign(body: SignBody, options?: RequestOptions) {
    return this.call(endpoints.mpcSign, { body }, options);
  }

  rawSign(curve: Curve, body: RawSignBody, options?: RequestOptions) {
    return this.call(endpoints.mpcRawSign, { params: { curve }, body }, options);
  }

  /** Several sends for one client in quick succession need distinct nonces (spec: nonce rule). */
  assetsSend(body: AssetsSendBody, options?: RequestOptions) {
    return this.call(endpoints.mpcAssetsSend, { body }, options);
  }
}
