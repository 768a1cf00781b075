// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./UserOperation.sol";

/// @title A minimal ERC-4337 EntryPoint (v0.6 user operations, hash and events) for the sandbox bundler.
/// @notice Kept from the standard: the user-operation hash, sequential nonces per sender (key 0),
///         account deployment through initCode, account and paymaster validation, the call with its gas
///         limit, gas accounting charged to the paymaster's deposit and paid to the bundler, and the
///         UserOperationEvent / UserOperationRevertReason / AccountDeployed events.
///         Simplified: every operation needs a paymaster (accounts never pay their own gas), validation
///         failures revert the whole bundle with a reason string instead of FailedOp, there is no
///         simulation entry point (the bundler simulates with eth_call), no aggregators, no time ranges,
///         no nonce keys, no stake.
contract SandboxEntryPoint is IEntryPointDeposits {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) private _nonces;

    event Deposited(address indexed account, uint256 totalDeposit);
    event AccountDeployed(bytes32 indexed userOpHash, address indexed sender, address factory, address paymaster);
    event UserOperationEvent(
        bytes32 indexed userOpHash,
        address indexed sender,
        address indexed paymaster,
        uint256 nonce,
        bool success,
        uint256 actualGasCost,
        uint256 actualGasUsed
    );
    event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason);

    function depositTo(address account) external payable {
        balanceOf[account] += msg.value;
        emit Deposited(account, balanceOf[account]);
    }

    /// @dev Only key 0 exists: the nonce is the sender's sequence number.
    function getNonce(address sender, uint192 key) external view returns (uint256) {
        require(key == 0, "SandboxEntryPoint: only nonce key 0 is supported");
        return _nonces[sender];
    }

    function getUserOpHash(UserOperation calldata op) public view returns (bytes32) {
        return keccak256(abi.encode(_pack(op), address(this), block.chainid));
    }

    function handleOps(UserOperation[] calldata ops, address payable beneficiary) external {
        uint256 collected = 0;
        for (uint256 i = 0; i < ops.length; ++i) collected += _handleOp(ops[i]);
        (bool ok, ) = beneficiary.call{value: collected}("");
        require(ok, "AA91 failed send to beneficiary");
    }

    function _handleOp(UserOperation calldata op) private returns (uint256 actualGasCost) {
        uint256 preGas = gasleft();
        bytes32 userOpHash = getUserOpHash(op);
        require(op.nonce == _nonces[op.sender]++, "AA25 invalid account nonce");
        address paymaster = op.paymasterAndData.length >= 20 ? address(bytes20(op.paymasterAndData[0:20])) : address(0);
        require(paymaster != address(0), "AA30 the sandbox sponsors every user operation: paymasterAndData must name the paymaster");
        if (op.initCode.length > 0) _deploy(op, userOpHash, paymaster);
        require(op.sender.code.length > 0, "AA20 account not deployed");

        uint256 gasPrice = _gasPrice(op);
        uint256 maxCost = (op.callGasLimit + op.verificationGasLimit * 3 + op.preVerificationGas) * gasPrice;
        require(balanceOf[paymaster] >= maxCost, "AA31 paymaster deposit too low");
        require(IAccount(op.sender).validateUserOp{gas: op.verificationGasLimit}(op, userOpHash, 0) == 0, "AA24 signature error");
        (, uint256 paymasterValidation) = IPaymaster(paymaster).validatePaymasterUserOp{gas: op.verificationGasLimit}(op, userOpHash, maxCost);
        require(paymasterValidation == 0, "AA34 signature error");

        (bool success, bytes memory result) = op.sender.call{gas: op.callGasLimit}(op.callData);
        if (!success) emit UserOperationRevertReason(userOpHash, op.sender, op.nonce, result);

        uint256 actualGasUsed = preGas - gasleft() + op.preVerificationGas;
        actualGasCost = actualGasUsed * gasPrice;
        if (actualGasCost > balanceOf[paymaster]) actualGasCost = balanceOf[paymaster];
        balanceOf[paymaster] -= actualGasCost;
        emit UserOperationEvent(userOpHash, op.sender, paymaster, op.nonce, success, actualGasCost, actualGasUsed);
    }

    function _deploy(UserOperation calldata op, bytes32 userOpHash, address paymaster) private {
        require(op.sender.code.length == 0, "AA10 sender already constructed");
        require(op.initCode.length >= 20, "AA13 initCode failed or OOG");
        address factory = address(bytes20(op.initCode[0:20]));
        (bool ok, bytes memory result) = factory.call{gas: op.verificationGasLimit}(op.initCode[20:]);
        require(ok && result.length >= 32, "AA13 initCode failed or OOG");
        require(abi.decode(result, (address)) == op.sender, "AA14 initCode must return sender");
        emit AccountDeployed(userOpHash, op.sender, factory, paymaster);
    }

    function _gasPrice(UserOperation calldata op) private view returns (uint256) {
        uint256 capped = op.maxPriorityFeePerGas + block.basefee;
        return capped < op.maxFeePerGas ? capped : op.maxFeePerGas;
    }

    /// @dev The v0.6 packing; split in two encodes (static words concatenate) to stay within the stack.
    function _pack(UserOperation calldata op) private pure returns (bytes32) {
        bytes memory head = abi.encode(op.sender, op.nonce, keccak256(op.initCode), keccak256(op.callData), op.callGasLimit);
        bytes memory tail = abi.encode(op.verificationGasLimit, op.preVerificationGas, op.maxFeePerGas, op.maxPriorityFeePerGas, keccak256(op.paymasterAndData));
        return keccak256(bytes.concat(head, tail));
    }
}
