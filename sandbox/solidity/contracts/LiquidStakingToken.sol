// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./AccruingShares.sol";

/// @title Liquid staking of the chain's native coin (the sandbox's "liquid staking" yields).
/// @notice Stake the native coin, receive a transferable share token (stETH-like, value-accruing like
///         wstETH): its exchange rate grows at the advertised rate. Unstaking is instant from the
///         contract's buffer, unlike a validator exit queue.
contract LiquidStakingToken is AccruingShares {
    event Staked(address indexed account, uint256 assets, uint256 shares);
    event Unstaked(address indexed account, uint256 assets, uint256 shares);

    constructor(string memory name_, string memory symbol_, uint256 rateWad_, address distributor_)
        AccruingShares(name_, symbol_, 18, address(0), rateWad_, distributor_)
    {}

    /// @dev Interest arrives from the RewardDistributor as plain native transfers.
    receive() external payable {}

    /// @notice Native coin per whole share (1e18), growing over time.
    function exchangeRate() external view returns (uint256) {
        return convertToAssets(1e18);
    }

    function stake() external payable returns (uint256 shares) {
        require(msg.value > 0, "LiquidStakingToken: nothing to stake");
        _accrue();
        shares = convertToShares(msg.value);
        require(shares > 0, "LiquidStakingToken: stake too small");
        _mint(msg.sender, shares);
        emit Staked(msg.sender, msg.value, shares);
    }

    /// @notice Burns the shares worth `assets` and pays them out.
    function unstake(uint256 assets) external returns (uint256 shares) {
        _accrue();
        require(assets > 0, "LiquidStakingToken: nothing to unstake");
        shares = _sharesForAssets(assets);
        _burn(msg.sender, shares);
        _send(msg.sender, assets);
        emit Unstaked(msg.sender, assets, shares);
    }

    /// @notice Burns `shares` and pays out their value (unstake everything without leaving dust).
    function redeem(uint256 shares) external returns (uint256 assets) {
        _accrue();
        assets = convertToAssets(shares);
        require(assets > 0, "LiquidStakingToken: nothing to redeem");
        _burn(msg.sender, shares);
        _send(msg.sender, assets);
        emit Unstaked(msg.sender, assets, shares);
    }

    function _held() internal view override returns (uint256) {
        return address(this).balance - msg.value;
    }

    function _send(address to, uint256 amount) internal override {
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "LiquidStakingToken: native transfer failed");
    }
}
