/** The functions of the pool contracts (sandbox/solidity/contracts) the yield module calls. */
import { erc20Abi, parseAbi } from "viem";

export const vaultAbi = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function convertToAssets(uint256 shares) view returns (uint256)",
  "function maxWithdraw(address owner) view returns (uint256)",
  "function deposit(uint256 assets, address receiver) returns (uint256)",
  "function withdraw(uint256 assets, address receiver, address owner) returns (uint256)",
  "function redeem(uint256 shares, address receiver, address owner) returns (uint256)",
]);

export const liquidStakingAbi = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function convertToAssets(uint256 shares) view returns (uint256)",
  "function maxWithdraw(address owner) view returns (uint256)",
  "function stake() payable returns (uint256)",
  "function unstake(uint256 assets) returns (uint256)",
  "function redeem(uint256 shares) returns (uint256)",
]);

export const stakingAbi = parseAbi([
  "function accountOf(address account) view returns (uint256 staked, uint256 cooling, uint256 cooldownEnd, uint256 rewards)",
  "function stake(uint256 amount) payable",
  "function unstake(uint256 amount)",
  "function withdraw()",
  "function claimRewards()",
  "function restakeRewards()",
]);

export { erc20Abi };
