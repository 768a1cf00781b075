// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./UserOperation.sol";

/// @title A minimal ERC-4337 smart account with one ECDSA owner (SimpleAccount's behaviour).
/// @notice The owner is the client's MPC key; user operations are signed over the EIP-191 digest of
///         the user-operation hash. The account executes calls coming from the EntryPoint (or from the
///         owner directly) and answers EIP-1271 signature checks.
/// @dev Deployed by SmartAccountFactory with CREATE2, so its address is known before it exists (the
///      faucet funds it there). Editing this file moves every smart-account address: leave it as it is.
contract SmartAccount {
    address public immutable entryPoint;
    address public immutable owner;

    constructor(address entryPoint_, address owner_) {
        entryPoint = entryPoint_;
        owner = owner_;
    }

    receive() external payable {}

    function validateUserOp(UserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds) external returns (uint256 validationData) {
        require(msg.sender == entryPoint, "SmartAccount: not from the EntryPoint");
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", userOpHash));
        validationData = _recover(digest, userOp.signature) == owner ? 0 : 1;
        if (missingAccountFunds > 0) {
            (bool ok, ) = payable(msg.sender).call{value: missingAccountFunds}("");
            ok;
        }
    }

    function execute(address dest, uint256 value, bytes calldata func) external {
        require(msg.sender == entryPoint || msg.sender == owner, "SmartAccount: not from the EntryPoint or the owner");
        (bool ok, bytes memory result) = dest.call{value: value}(func);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    /// @notice EIP-1271: a signature by the owner over `hash` (as personal_sign produces it, or raw).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        bytes32 prefixed = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", hash));
        if (_recover(hash, signature) == owner || _recover(prefixed, signature) == owner) return 0x1626ba7e;
        return 0xffffffff;
    }

    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        // Malleable (high-s) signatures are refused, as OpenZeppelin's ECDSA does.
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
