// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./YieldInterfaces.sol";

/// @title Staking with claimable rewards and an optional unstaking cooldown (the sandbox's "staking",
///        "native staking" and "reward pool" yields).
/// @notice Staked tokens earn rewards in the same token at the advertised APR (`staked × rate ×
///         elapsed / year`), which accumulate until claimed (or restaked). Unstaking moves the amount
///         into a cooldown; once it has passed, the amount can be withdrawn. A new unstake adds to the
///         cooling amount and restarts its cooldown. With a cooldown of 0, unstaking pays out at once.
/// @dev `token` is an ERC-20, or address(0) for the native coin. Rewards are paid by the
///      RewardDistributor, so staked principal is never used to pay them.
contract CooldownStaking {
    struct Account {
        uint256 staked;
        uint256 cooling;
        uint256 cooldownEnd;
        uint256 earned;
        uint256 indexPaid;
    }

    address public immutable token;
    uint256 public immutable rateWad;
    uint256 public immutable cooldownSeconds;
    IRewardDistributor public immutable distributor;

    uint256 public totalStaked;
    /// @dev Rewards per staked unit since deployment, scaled by 1e18.
    uint256 public rewardIndex;
    uint256 public lastUpdate;
    mapping(address => Account) private _accounts;

    event Staked(address indexed account, uint256 amount);
    event Unstaked(address indexed account, uint256 amount, uint256 cooldownEnd);
    event Withdrawn(address indexed account, uint256 amount);
    event RewardsClaimed(address indexed account, uint256 amount);
    event RewardsRestaked(address indexed account, uint256 amount);

    constructor(address token_, uint256 rateWad_, uint256 cooldownSeconds_, address distributor_) {
        token = token_;
        rateWad = rateWad_;
        cooldownSeconds = cooldownSeconds_;
        distributor = IRewardDistributor(distributor_);
        lastUpdate = block.timestamp;
    }

    /// @dev Native rewards being restaked arrive from the distributor; nothing else may send coin.
    receive() external payable {
        require(token == address(0) && msg.sender == address(distributor), "CooldownStaking: unexpected native transfer");
    }

    function currentIndex() public view returns (uint256) {
        return rewardIndex + (rateWad * (block.timestamp - lastUpdate)) / YEAR;
    }

    function earned(address account) public view returns (uint256) {
        Account storage a = _accounts[account];
        return a.earned + (a.staked * (currentIndex() - a.indexPaid)) / WAD;
    }

    /// @notice Everything a balance read needs in one call.
    function accountOf(address account) external view returns (uint256 staked, uint256 cooling, uint256 cooldownEnd, uint256 rewards) {
        Account storage a = _accounts[account];
        return (a.staked, a.cooling, a.cooldownEnd, earned(account));
    }

    function stake(uint256 amount) external payable {
        require(amount > 0, "CooldownStaking: nothing to stake");
        _update(msg.sender);
        if (token == address(0)) {
            require(msg.value == amount, "CooldownStaking: value differs from amount");
        } else {
            require(msg.value == 0, "CooldownStaking: native coin sent to a token pool");
            require(IYieldERC20(token).transferFrom(msg.sender, address(this), amount), "CooldownStaking: transferFrom failed");
        }
        _accounts[msg.sender].staked += amount;
        totalStaked += amount;
        emit Staked(msg.sender, amount);
    }

    function unstake(uint256 amount) external {
        require(amount > 0, "CooldownStaking: nothing to unstake");
        _update(msg.sender);
        Account storage a = _accounts[msg.sender];
        require(a.staked >= amount, "CooldownStaking: amount exceeds the staked balance");
        a.staked -= amount;
        totalStaked -= amount;
        if (cooldownSeconds == 0) {
            _send(msg.sender, amount);
            emit Unstaked(msg.sender, amount, block.timestamp);
            emit Withdrawn(msg.sender, amount);
        } else {
            a.cooling += amount;
            a.cooldownEnd = block.timestamp + cooldownSeconds;
            emit Unstaked(msg.sender, amount, a.cooldownEnd);
        }
    }

    /// @notice Pays out the amount whose cooldown has passed.
    function withdraw() external {
        Account storage a = _accounts[msg.sender];
        uint256 amount = a.cooling;
        require(amount > 0, "CooldownStaking: nothing to withdraw");
        require(block.timestamp >= a.cooldownEnd, "CooldownStaking: cooldown has not passed");
        a.cooling = 0;
        a.cooldownEnd = 0;
        _send(msg.sender, amount);
        emit Withdrawn(msg.sender, amount);
    }

    function claimRewards() external {
        _update(msg.sender);
        Account storage a = _accounts[msg.sender];
        uint256 amount = a.earned;
        require(amount > 0, "CooldownStaking: no rewards to claim");
        a.earned = 0;
        distributor.pay(token, msg.sender, amount);
        emit RewardsClaimed(msg.sender, amount);
    }

    /// @notice Adds the rewards earned so far to the stake.
    function restakeRewards() external {
        _update(msg.sender);
        Account storage a = _accounts[msg.sender];
        uint256 amount = a.earned;
        require(amount > 0, "CooldownStaking: no rewards to restake");
        a.earned = 0;
        distributor.pay(token, address(this), amount);
        a.staked += amount;
        totalStaked += amount;
        emit RewardsRestaked(msg.sender, amount);
    }

    function _update(address account) private {
        uint256 index = currentIndex();
        Account storage a = _accounts[account];
        a.earned += (a.staked * (index - a.indexPaid)) / WAD;
        a.indexPaid = index;
        rewardIndex = index;
        lastUpdate = block.timestamp;
    }

    function _send(address to, uint256 amount) private {
        if (token == address(0)) {
            (bool ok, ) = to.call{value: amount}("");
            require(ok, "CooldownStaking: native transfer failed");
        } else {
            require(IYieldERC20(token).transfer(to, amount), "CooldownStaking: transfer failed");
        }
    }
}
