// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IMintable {
    function mint(address to, uint256 value) external;
}

/// @title The sandbox faucet: funds new wallets with the native coin and every test token.
/// @notice One transaction funds a batch of wallets, so starting a chain late (and funding every
///         wallet the sandbox already knows) costs a few transactions instead of one per wallet.
/// @dev Holds its own native reserve. Native payouts are internal calls that leave no transaction of
///      their own, so each one is announced with `NativeDrip`; the sandbox turns those logs into
///      wallet transfer events.
contract Faucet {
    address public immutable operator;

    event NativeDrip(address indexed to, uint256 value);

    constructor(address operator_) {
        operator = operator_;
    }

    receive() external payable {}

    function drip(
        address[] calldata recipients,
        uint256 nativeValue,
        address[] calldata tokens,
        uint256[] calldata amounts
    ) external {
        require(msg.sender == operator, "Faucet: caller is not the operator");
        require(tokens.length == amounts.length, "Faucet: tokens and amounts differ in length");
        for (uint256 i = 0; i < recipients.length; ++i) {
            address to = recipients[i];
            // A recipient that refuses native coin (a contract without receive) still gets its tokens.
            if (nativeValue > 0 && address(this).balance >= nativeValue) {
                (bool ok, ) = to.call{value: nativeValue}("");
                if (ok) emit NativeDrip(to, nativeValue);
            }
            for (uint256 j = 0; j < tokens.length; ++j) {
                IMintable(tokens[j]).mint(to, amounts[j]);
            }
        }
    }
}
