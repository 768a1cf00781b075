// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice An ERC-4337 user operation in the EntryPoint v0.6 layout (unpacked fields).
/// @dev Editing this file changes SmartAccount's bytecode and with it every smart-account address
///      (they are CREATE2 addresses over that bytecode): leave it as it is.
struct UserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    uint256 callGasLimit;
    uint256 verificationGasLimit;
    uint256 preVerificationGas;
    uint256 maxFeePerGas;
    uint256 maxPriorityFeePerGas;
    bytes paymasterAndData;
    bytes signature;
}

interface IAccount {
    /// @return validationData 0 when the signature is the owner's, 1 otherwise (no time ranges).
    function validateUserOp(UserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds) external returns (uint256 validationData);
}

interface IPaymaster {
    function validatePaymasterUserOp(UserOperation calldata userOp, bytes32 userOpHash, uint256 maxCost)
        external
        returns (bytes memory context, uint256 validationData);
}

interface IEntryPointDeposits {
    function depositTo(address account) external payable;
}
