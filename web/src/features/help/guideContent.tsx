/**
 * The game guide's four tabs (spec section 1). Every number is read from @pog/common, the same
 * constants the server enforces, so the guide can never promise something the game does not do.
 */
import { BATTLE_BONUS, BATTLE_ROLL, BRAND, EXPIRY, LIMITS, RARITIES, TRADE_COOLDOWN_MINUTES, TRADE_SUPPLY } from '@pog/common';
import { Bullets, Heading, Section, Steps, Text } from './guideStyles';
import { RarityTable } from './RarityTable';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function BasicsTab() {
  return (
    <>
      <Section>
        <Heading>What are POGs?</Heading>
        <Text>
          POGs are collectible discs you design yourself: two background colours, an optional image, text, a font and a
          text colour. Players of the {BRAND} create them, collect them, trade them and battle with them.
        </Text>
      </Section>
      <Section>
        <Heading>Rarity</Heading>
        <Text>
          Every POG has one of {RARITIES.length} rarities, from lowest to highest: {RARITIES.join(', ')}. The server works
          it out for you from the colour harmony, the uniqueness of the image and the complexity of the design. Rarity
          sets how often a POG can be traded and gives it an edge in battle.
        </Text>
      </Section>
      <Section>
        <Heading>Points</Heading>
        <Text>
          Each POG has a point value, shown as <strong>PTS</strong>, based on its rarity and uniqueness. Rarer POGs roll
          with a bonus in battle, so high-point POGs are the ones worth protecting.
        </Text>
      </Section>
    </>
  );
}

export function CreationTab() {
  return (
    <>
      <Section>
        <Heading>Your limit</Heading>
        <Text>
          You can hold <strong>{plural(LIMITS.collectionLimit, 'POG')}</strong> at a time. When your collection is full,
          burn (delete) one of your POGs to make room for a new one. You can create up to{' '}
          <strong>{LIMITS.dailyCreationLimit} POGs per day</strong> (days run in UTC).
        </Text>
      </Section>
      <Section>
        <Heading>Cooldowns</Heading>
        <Text>
          There is a short cooldown of <strong>{LIMITS.creationCooldownSeconds} seconds</strong> between creations. Once
          you have made {LIMITS.trustedCreatorThreshold} or more POGs and none was rejected, it drops to{' '}
          <strong>{LIMITS.trustedCreationCooldownSeconds} seconds</strong>.
        </Text>
      </Section>
      <Section>
        <Heading>Earning more slots</Heading>
        <Bullets>
          <li>Complete achievements: many raise your collection, daily creation or trade limits.</li>
          <li>Keep a daily creation streak going.</li>
          <li>Win battles: a win can even take you above your limit.</li>
          <li>Complete trades with other players.</li>
          <li>Create high-quality POGs that score a rare rarity or better.</li>
        </Bullets>
        <Text>Your creator level rises with every POG you make: {LIMITS.creatorLevelCreations} creations fill it.</Text>
      </Section>
    </>
  );
}

export function TradingTab() {
  return (
    <>
      <Section>
        <Heading>Mutual agreement</Heading>
        <Text>
          A trade swaps one of your POGs for one of another player&apos;s, and only happens when they accept your offer.
          You can send up to <strong>{LIMITS.dailyTradeLimit} offers per day</strong>; an offer nobody answers expires
          after {plural(EXPIRY.tradeDays, 'day')}.
        </Text>
      </Section>
      <Section>
        <Heading>Supply limits</Heading>
        <Text>Each POG can take part in a limited number of trades, by rarity. Creators may set a lower limit.</Text>
        <RarityTable caption="Trade supply by rarity" column="Trades" value={(rarity) => String(TRADE_SUPPLY[rarity])} />
      </Section>
      <Section>
        <Heading>Cooldowns</Heading>
        <Text>After a trade, each POG rests before it can be traded or battled again.</Text>
        <RarityTable caption="Trade cooldown by rarity" column="Cooldown" value={(rarity) => plural(TRADE_COOLDOWN_MINUTES[rarity], 'minute')} />
      </Section>
      <Section>
        <Heading>How to trade</Heading>
        <Steps>
          <li>Open the Trade Center and choose New Trade.</li>
          <li>Pick one of your POGs to offer.</li>
          <li>Select the player you want to trade with.</li>
          <li>Pick the POG of theirs you want and send the offer.</li>
          <li>When they accept, the two POGs swap owners.</li>
        </Steps>
      </Section>
    </>
  );
}

export function BattlesTab() {
  return (
    <>
      <Section>
        <Heading>How battles work</Heading>
        <Text>
          Two players each risk one POG. Each rolls a random number from {BATTLE_ROLL.min} to {BATTLE_ROLL.max}, and the
          higher roll wins both POGs; a tie is rolled again. A championship battle is the best of three rolls, and a
          flip battle is a plain coin flip with no bonuses.
        </Text>
      </Section>
      <Section>
        <Heading>Advantages</Heading>
        <Text>Rarer POGs add a bonus to every roll:</Text>
        <RarityTable caption="Roll bonus by rarity" column="Roll bonus" value={(rarity) => `+${BATTLE_BONUS[rarity]}`} />
      </Section>
      <Section>
        <Heading>Battle step by step</Heading>
        <Steps>
          <li>Open the Battle Arena.</li>
          <li>Choose an opponent.</li>
          <li>Pick the POG you are willing to risk.</li>
          <li>Send the challenge.</li>
          <li>Your opponent accepts with a POG of their own (within {EXPIRY.pendingBattleHours} hours).</li>
          <li>Either of you flips to battle, and the winner takes the loser&apos;s POG.</li>
        </Steps>
      </Section>
      <Section>
        <Heading>Risk versus reward</Heading>
        <Text>
          The POG you risk can be lost for good, so bring one you can spare, or a rare one whose bonus tips the odds.
          Every roll is provably fair: the server commits to a secret seed before the battle and reveals it afterwards
          so anyone can check the result.
        </Text>
      </Section>
    </>
  );
}
