// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The ERC-20 surface the sandbox's yield contracts use (the test tokens implement all of it).
interface IYieldERC20 {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @notice What a yield pool asks the reward distributor for.
interface IRewardDistributor {
    function pay(address token, address to, uint256 amount) external;
}

/// @dev Seconds in the year the advertised rates are quoted over (365 days, as APRs usually are).
uint256 constant YEAR = 365 days;
/// @dev Rates are fractions scaled by 1e18: 0.05e18 is 5 % a year.
uint256 constant WAD = 1e18;
