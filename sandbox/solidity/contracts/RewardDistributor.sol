// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./YieldInterfaces.sol";

/// @title The sandbox's reward treasury: pays the interest and rewards of every yield pool.
/// @notice A real protocol earns its yield from borrowers or validators; the sandbox has neither, so
///         each pool accrues at its advertised rate and draws what it owes from this contract, which
///         the faucet keeps stocked with every test token and the native coin. Every payment is an
///         on-chain transfer, so balances, logs and receipts show where yield came from.
/// @dev The pools are fixed at deployment (their CREATE addresses are known in advance), so no
///      transaction after genesis can change who may draw.
contract RewardDistributor {
    mapping(address => bool) public isPool;

    event Paid(address indexed pool, address indexed token, address indexed to, uint256 amount);

    constructor(address[] memory pools) {
        for (uint256 i = 0; i < pools.length; ++i) isPool[pools[i]] = true;
    }

    receive() external payable {}

    /// @param token An ERC-20, or address(0) for the native coin.
    function pay(address token, address to, uint256 amount) external {
        require(isPool[msg.sender], "RewardDistributor: caller is not a pool");
        if (amount == 0) return;
        if (token == address(0)) {
            (bool ok, ) = to.call{value: amount}("");
            require(ok, "RewardDistributor: native payment failed");
        } else {
            require(IYieldERC20(token).transfer(to, amount), "RewardDistributor: token payment failed");
        }
        emit Paid(msg.sender, token, to, amount);
    }
}
