package dev.flashsale.reservations.control;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * A group's requests answered in rounds, inside its transaction: a request whose key already holds
 * a reservation gets it back; of the others, the first under each key is refused or placed in this
 * round, and a second request under the same key waits for the round after the first one's answer
 * (and then gets the first one's reservation back).
 */
public final class KeyRounds {

    private KeyRounds() {
    }

    /**
     * @param pending  the indexes of the commands still to answer
     * @param answers  the answers, by the commands' index, filled in here
     * @param holds    the reservations by key, those placed here added
     * @param refusal  a fresh command's refusal (by its index), empty to place it
     * @param place    places the commands let through, one answer each in their order
     */
    public static void answer(List<ReserveCommand> commands, List<Integer> pending, ReserveAnswer[] answers,
                              Map<IdempotencyKey, Reservation> holds, IntFunction<Optional<ProblemException>> refusal,
                              Function<List<ReserveCommand>, List<ReserveAnswer>> place) {
        while (!pending.isEmpty()) {
            List<Integer> fresh = new ArrayList<>();
            List<Integer> later = new ArrayList<>();
            Set<IdempotencyKey> keysOfRound = new HashSet<>();
            for (int i : pending) {
                ReserveCommand command = commands.get(i);
                Reservation original = holds.get(command.key());
                if (original != null) {
                    answers[i] = ReserveRules.replayAnswer(original, command);
                } else {
                    (keysOfRound.add(command.key()) ? fresh : later).add(i);
                }
            }
            List<Integer> admitted = new ArrayList<>();
            for (int i : fresh) {
                Optional<ProblemException> refused = refusal.apply(i);
                if (refused.isPresent()) {
                    answers[i] = ReserveAnswer.refused(refused.get());
                } else {
                    admitted.add(i);
                }
            }
            if (!admitted.isEmpty()) {
                List<ReserveAnswer> placed = place.apply(admitted.stream().map(commands::get).toList());
                for (int j = 0; j < admitted.size(); j++) {
                    answers[admitted.get(j)] = placed.get(j);
                    Optional.ofNullable(placed.get(j).outcome()).map(ReserveOutcome::reservation)
                            .ifPresent(hold -> holds.put(hold.idempotencyKey(), hold));
                }
            }
            pending = later;
        }
    }
}
