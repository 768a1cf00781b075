// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./UserOperation.sol";

/// @title The sandbox's gas sponsor: approves every user operation the EntryPoint shows it.
/// @notice Its deposit in the EntryPoint pays each operation's gas (charged after execution and paid to
///         the bundler). The sandbox records each sponsored operation as gas-sponsorship usage.
/// @dev A real paymaster applies a policy (per-chain limits, allow-lists, a signature of the sponsor's
///      service); the sandbox sponsors everything, which is its documented policy.
contract SandboxPaymaster is IPaymaster {
    address public immutable entryPoint;

    constructor(address entryPoint_) payable {
        entryPoint = entryPoint_;
        if (msg.value > 0) IEntryPointDeposits(entryPoint_).depositTo{value: msg.value}(address(this));
    }

    function validatePaymasterUserOp(UserOperation calldata, bytes32, uint256) external view returns (bytes memory context, uint256 validationData) {
        require(msg.sender == entryPoint, "SandboxPaymaster: not from the EntryPoint");
        return ("", 0);
    }

    /// @notice Adds to the paymaster's deposit.
    function deposit() external payable {
        IEntryPointDeposits(entryPoint).depositTo{value: msg.value}(address(this));
    }
}
