// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./AccruingShares.sol";

/// @title An ERC-4626 lending vault over one test token (the sandbox's "lending" yields).
/// @notice Deposit the asset, receive vault shares; the shares' value grows at the vault's rate
///         (AccruingShares). Implements the ERC-4626 interface: asset, totalAssets, convert*, max*,
///         preview*, deposit, mint, withdraw, redeem, with the standard events.
contract YieldVault is AccruingShares {
    address public immutable asset;

    event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares);
    event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares);

    constructor(string memory name_, string memory symbol_, address asset_, uint8 decimals_, uint256 rateWad_, address distributor_)
        AccruingShares(name_, symbol_, decimals_, asset_, rateWad_, distributor_)
    {
        asset = asset_;
    }

    function maxDeposit(address) external pure returns (uint256) {
        return type(uint256).max;
    }

    function maxMint(address) external pure returns (uint256) {
        return type(uint256).max;
    }

    function previewDeposit(uint256 assets) external view returns (uint256) {
        return convertToShares(assets);
    }

    function previewMint(uint256 shares) external view returns (uint256) {
        return _assetsForShares(shares);
    }

    function previewWithdraw(uint256 assets) external view returns (uint256) {
        return _sharesForAssets(assets);
    }

    function previewRedeem(uint256 shares) external view returns (uint256) {
        return convertToAssets(shares);
    }

    function deposit(uint256 assets, address receiver) external returns (uint256 shares) {
        _accrue();
        shares = convertToShares(assets);
        require(shares > 0, "YieldVault: deposit too small");
        _pull(assets);
        _mint(receiver, shares);
        emit Deposit(msg.sender, receiver, assets, shares);
    }

    function mint(uint256 shares, address receiver) external returns (uint256 assets) {
        _accrue();
        require(shares > 0, "YieldVault: mint of zero shares");
        assets = _assetsForShares(shares);
        _pull(assets);
        _mint(receiver, shares);
        emit Deposit(msg.sender, receiver, assets, shares);
    }

    function withdraw(uint256 assets, address receiver, address owner) external returns (uint256 shares) {
        _accrue();
        require(assets > 0, "YieldVault: withdrawal of zero assets");
        shares = _sharesForAssets(assets);
        _spendAllowance(owner, msg.sender, shares);
        _burn(owner, shares);
        _send(receiver, assets);
        emit Withdraw(msg.sender, receiver, owner, assets, shares);
    }

    function redeem(uint256 shares, address receiver, address owner) external returns (uint256 assets) {
        _accrue();
        assets = convertToAssets(shares);
        require(assets > 0, "YieldVault: redemption of zero assets");
        _spendAllowance(owner, msg.sender, shares);
        _burn(owner, shares);
        _send(receiver, assets);
        emit Withdraw(msg.sender, receiver, owner, assets, shares);
    }

    function _held() internal view override returns (uint256) {
        return IYieldERC20(asset).balanceOf(address(this));
    }

    function _pull(uint256 assets) private {
        require(IYieldERC20(asset).transferFrom(msg.sender, address(this), assets), "YieldVault: transferFrom failed");
    }

    function _send(address to, uint256 amount) internal override {
        require(IYieldERC20(asset).transfer(to, amount), "YieldVault: transfer failed");
    }
}
