// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./YieldInterfaces.sol";

/// @title Shares of a pool whose assets grow at a fixed yearly rate (the base of YieldVault and
///        LiquidStakingToken).
/// @notice Between two interactions the pool's assets grow by `held × rate × elapsed / year` (simple
///         interest over the interval), so every holder's position grows at exactly the advertised
///         APR; each interaction draws the interest owed from the RewardDistributor, so the pool's
///         balance always backs its shares. Views include the interest accrued up to the block's time.
/// @dev Shares are an ERC-20 with the asset's decimals. Conversions use a virtual share and asset of 1
///      (OpenZeppelin's ERC-4626 offset 0), rounding in the pool's favour.
abstract contract AccruingShares {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    /// @notice The advertised yearly rate, as a fraction scaled by 1e18.
    uint256 public immutable rateWad;
    IRewardDistributor public immutable distributor;
    /// @dev The ERC-20 the pool holds, or address(0) for the native coin.
    address internal immutable _assetToken;
    uint256 public lastAccrual;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event InterestAccrued(uint256 interest, uint256 totalAssets);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address asset_, uint256 rateWad_, address distributor_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        _assetToken = asset_;
        rateWad = rateWad_;
        distributor = IRewardDistributor(distributor_);
        lastAccrual = block.timestamp;
    }

    /// @dev Assets the pool holds now, not counting value sent with the current call.
    function _held() internal view virtual returns (uint256);

    function _send(address to, uint256 amount) internal virtual;

    function totalAssets() public view returns (uint256) {
        uint256 held = _held();
        return held + _interestOn(held);
    }

    function convertToShares(uint256 assets) public view returns (uint256) {
        return (assets * (totalSupply + 1)) / (totalAssets() + 1);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        return (shares * (totalAssets() + 1)) / (totalSupply + 1);
    }

    /// @notice What `owner` could take out now.
    function maxWithdraw(address owner) public view returns (uint256) {
        return convertToAssets(balanceOf[owner]);
    }

    function maxRedeem(address owner) public view returns (uint256) {
        return balanceOf[owner];
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
        return true;
    }

    function _interestOn(uint256 held) internal view returns (uint256) {
        if (totalSupply == 0 || block.timestamp <= lastAccrual) return 0;
        return (held * rateWad * (block.timestamp - lastAccrual)) / (YEAR * WAD);
    }

    /// @dev Draws the interest owed since the last interaction; called first by every state change.
    function _accrue() internal {
        uint256 interest = _interestOn(_held());
        lastAccrual = block.timestamp;
        if (interest > 0) {
            distributor.pay(_assetToken, address(this), interest);
            emit InterestAccrued(interest, _held());
        }
    }

    /// @dev Shares to burn for `assets`, rounded up.
    function _sharesForAssets(uint256 assets) internal view returns (uint256) {
        uint256 numerator = assets * (totalSupply + 1);
        uint256 denominator = totalAssets() + 1;
        return (numerator + denominator - 1) / denominator;
    }

    /// @dev Assets to pay in for `shares`, rounded up.
    function _assetsForShares(uint256 shares) internal view returns (uint256) {
        uint256 numerator = shares * (totalAssets() + 1);
        uint256 denominator = totalSupply + 1;
        return (numerator + denominator - 1) / denominator;
    }

    function _spendAllowance(address owner, address spender, uint256 value) internal {
        if (owner == spender) return;
        uint256 allowed = allowance[owner][spender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            unchecked {
                allowance[owner][spender] = allowed - value;
            }
        }
    }

    function _mint(address to, uint256 value) internal {
        require(to != address(0), "ERC20: mint to the zero address");
        totalSupply += value;
        unchecked {
            balanceOf[to] += value;
        }
        emit Transfer(address(0), to, value);
    }

    function _burn(address from, uint256 value) internal {
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: burn amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
            totalSupply -= value;
        }
        emit Transfer(from, address(0), value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
