import csv, math, sys
from statistics import mean, stdev
for p in [2,3,4,5]:
    rows=list(csv.DictReader(open(f'games-{p}p.csv')))
    rows.sort(key=lambda r:int(r['index']))
    deals={}
    fort=0; rounds=[]
    for r in rows:
        i=int(r['index']); d=i//p
        a=[s for s in range(p) if r[f'seat{s}_bot'].startswith('ismcts')]
        assert len(a)==1
        deals.setdefault(d,[]).append(float(r[f'seat{a[0]}_reward']))
        fort+= r['end']=='fort'; rounds.append(int(r['rounds']))
    full=[mean(v) for d,v in sorted(deals.items()) if len(v)==p]
    n=len(full); m=mean(full); se=stdev(full)/math.sqrt(n) if n>1 else float('nan')
    from statistics import NormalDist
    # t quantile approx via scipy-free table
    tq={1:12.71,2:4.30,3:3.18,4:2.78,5:2.57,6:2.45,7:2.36,8:2.31,9:2.26,10:2.23,11:2.20,12:2.18,13:2.16,14:2.14,15:2.13,16:2.12,17:2.11,18:2.10,19:2.09}.get(n-1,1.96)
    print(f"{p}p: {len(rows)} games, {n} full deals, A win share {m:.3f} [{m-tq*se:.3f}, {m+tq*se:.3f}] (t, fair {1/p:.3f}); fort {fort}/{len(rows)}, mean rounds {mean(rounds):.1f}")
print()
for p in [2,3,4,5]:
    rows=list(csv.DictReader(open(f'games-{p}p.csv')))
    n=len(rows)//p*p; rows=sorted(rows,key=lambda r:int(r['index']))[:n]
    acamp=[];gcamp=[];afort=0;fort=0;fr=[]
    for r in rows:
        a=[s for s in range(p) if r[f'seat{s}_bot'].startswith('ismcts')][0]
        acamp.append(int(r[f'seat{a}_camp'])); gcamp+= [int(r[f'seat{s}_camp']) for s in range(p) if s!=a]
        if r['end']=='fort':
            fort+=1; fr.append(int(r['rounds']))
            if r[f'seat{a}_result']=='win': afort+=1
    print(f"{p}p full-deal games {n}: fort {fort}/{n} ({afort} won by ISMCTS), fort rounds mean {mean(fr) if fr else 0:.1f}, mean rounds {mean(int(r['rounds']) for r in rows):.1f}, mean camp ISMCTS {mean(acamp):.1f} greedy {mean(gcamp):.1f}")
