# Reference p-values for compare_test.go, computed independently of the Go
# code (no scipy on the machine that wrote them): every split of the pooled
# values into groups of the two sizes is enumerated, and the p-value is the
# share of splits whose statistic is at least as extreme as the observed
# one. Run: python3 internal/bench/testdata/reference.py
from itertools import combinations
from fractions import Fraction

def ks(x, y):
    pts = sorted(set(x) | set(y))
    return max(abs(Fraction(sum(v <= t for v in x), len(x)) - Fraction(sum(v <= t for v in y), len(y))) for t in pts)

def u(x, y):  # pairs with x > y (ties count one half)
    return sum(Fraction(1) if a > b else Fraction(1, 2) if a == b else 0 for a in x for b in y)

def splits(a, b):
    pool = a + b
    for idx in combinations(range(len(pool)), len(a)):
        s = set(idx)
        yield [pool[i] for i in idx], [pool[i] for i in range(len(pool)) if i not in s]

def reference(a, b):
    d, u1 = ks(a, b), u(a, b)
    n, ks_hits, less, greater = 0, 0, 0, 0
    for x, y in splits(a, b):
        n += 1
        ks_hits += ks(x, y) >= d
        uu = u(x, y)
        less += uu <= u1
        greater += uu >= u1
    p_less, p_greater = Fraction(less, n), Fraction(greater, n)
    p_ks, p_two = Fraction(ks_hits, n), min(1, 2 * min(p_less, p_greater))
    return dict(D=d, p_ks=p_ks, U=u1, p_less=p_less, p_greater=p_greater, p_two=p_two)

cases = {
    "5v5": ([1.02, 0.97, 1.05, 1.10, 0.99], [1.12, 1.08, 1.21, 1.01, 1.15]),
    "6v7": ([3.1, 2.7, 3.5, 2.9, 3.3, 3.0], [3.4, 3.9, 2.8, 3.6, 4.1, 3.7, 3.2]),
    "5v5 apart": ([0.91, 0.95, 0.98, 1.00, 1.03], [1.01, 1.06, 1.09, 1.12, 1.18]),
    "4v6": ([10.0, 12.5, 11.0, 9.5], [9.0, 9.8, 10.5, 8.7, 9.2, 10.1]),
}
for name, (a, b) in cases.items():
    r = reference(a, b)
    print(name, ", ".join("%s=%s (%.6g)" % (k, v, float(v)) for k, v in r.items()))
