// jsonwebtoken 9: HS256, RS256 and ES256 sign and verify with fixed keys
// (node:crypto's KeyObject, createSign/createVerify, createHmac). RS256 and
// HS256 tokens are deterministic and compared whole; an ES256 signature is
// random, so its token is verified here, and a token Node signed with the
// same key is verified too.
import jwt from "jsonwebtoken";

const RSA_PKCS1 = `-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEAm2hkqA7fXh67O5iyT/aPeLljQSQ9K9POtgnnrFEr8i6CmPMm
N7pRyW+GuW0LmZ51puOle6VcmdRl63/OWBB6T7TIrwV6GN8WGEvGUU2P06LaDVrH
LSqR6IsV77W82rRmZp79AgyfLY8pE/0BljCiTLVCeIrjz5Dl+rCWDOUQcTQdqndr
p9p6GGBWGm8A/s4NYH5RKfVaSHTAZcMRqZ+Lygz3KQL/s2fEym57gG7qVbFPDYz4
QCFgMFeuY0sialCEv5x37DE+gmEE3EVBJkoBVxK1rfKt+9MNq60xkaKsnx1spjVt
EvUNqULA6nr4AeNRJF1p52QZ/AEJkHwJ66BoaQIDAQABAoIBAAM6clgeHeI1PPLr
2VjHznly2v1MY2AC7SeAHCycQQ+WXMD5RS+nQ/eWIdQyLR3UyM/jkbxVZ6bR3qs7
Ttm2S18RJJHpd5+eXsFbofnLNkVuh2MqFkZ/a0xuacW+mMhpvoAYyMRw0AuySK1O
TYAW+7pPBi0majG4almGOo+9YGy+ppV+ZOVbBrRALmcCPg6aZa6Kdw7DWYjMImSN
isYd3M+yBAcS2rk/EGmegRaPBVAx3O1VzAMqF684cyz4E/m3TpxDMT9EST4Zp3ur
V2YAzwU2TCHUc1GLhcqMJAV2VPFbM9auVYAkR+S4pw0aRiZZhx4iI4LLcufGhDfa
rUplREMCgYEA2yzMxPLYJrISsV5qySYzPFpPg+s+VJnBuBwW0CHSYpatQhRVY//4
kN4O9MI0Q+cBNnFntm71FOPlQ6Ssy0GV0+ikrShMG61EAKNfdn7cTcyR13nDPFgi
a+XdSEMXL2ZMuKgGqctvmR/N6xvKcHiycAYGC9x0kXAiskfNG3KgGM8CgYEAtYTT
JuUpfs9/0k6cCjcsDMF4GhXBsXAyCPh1zt90Mnjex+BmQmNty/zrVGM/kmH0FYND
1XQFoQMI3D4E/s9s3+nnMP+gN6zQrppeqcsTFBiNCwB+K7cApfb9LpbDT/IcQAuN
aDQ4SszTeIrogD0nrhhV6a8PUTzE+3niWbgRyUcCgYEAmF6PyMeu30/i0O37vPVS
nz2FlAdh4Ly3wP++GFm7AhEQSCUMrCWSr1vA+AVfAmnBHRE/8cM3nJtGkn0UJ4Xj
3FsayMqABqmw4eSyBBXzoB58sVkUEoqO+4XlDUye/LPY2HLvlvE4FzLWHAHI/eHa
4yg84dgULdvQMzLZc6B/jl8CgYAKgh//NnEKiFSsBiT+amdAbcrYJ75I2WfsIQYg
7cq6SUkMZS9GVJ88me29uukpPkZ1IF5C8y6IPba7mVOMtNFmvRHHQmUyE+0YzpMA
XWNDXJB9vI+RVEzTTtMlaVDxReDgzEppZ+yCWA0+Azymf+PWLk568sl+OHhm3o1+
CCvvbQKBgBO3GHX+bG4yvj2THOpz3lnYsl2A4r92drD6GKdJfDDXnyuoJqKcyvCr
cOdiOahZYSWBSwtoiNkxrV2g1qQwO4ofs1YAnkaAgiUpjPO0wikjekabrmuO9sDU
4VCA3eS3JtePMCuLjpWFVqDQSCcoKtPvFcEDdmYuviboZjxtB/Fv
-----END RSA PRIVATE KEY-----
`;
const EC_SEC1 = `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIAi/d0QGwuDAhSEMxIqtmsziv7/XqjJdrK/I4FHFlm8HoAoGCCqGSM49
AwEHoUQDQgAELao+FuKFV+B4F/XrvXAid4PhhwQ8z2qeVES/ytBAzaSK9nY7Rone
7mGJS5uSI+o7zJGUuRMG3Hqy1qaIhWEz9g==
-----END EC PRIVATE KEY-----
`;
const ES256_BY_NODE = "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJmb28iOiJiYXIiLCJpYXQiOjE3MDAwMDAwMDB9.Nse1yk9Bw3Qws-o1eeyTS3IhHdoyI7WMXxedjbd9xFhroOll0f0pqtyp5ujwcohzLbwcnv3DrT4SpTHmPFo7uw";

export default function () {
  const payload = { foo: "bar", iat: 1700000000 };
  const hs = jwt.sign(payload, "shhhhh");
  const rs = jwt.sign(payload, RSA_PKCS1, { algorithm: "RS256" });
  const es = jwt.sign(payload, EC_SEC1, { algorithm: "ES256" });
  let wrongKey;
  try {
    jwt.verify(rs, "shhhhh");
  } catch (e) {
    wrongKey = `${e.name}: ${e.message}`;
  }
  return {
    hs,
    hsDecoded: jwt.verify(hs, "shhhhh"),
    rs,
    rsDecoded: jwt.verify(rs, RSA_PKCS1, { algorithms: ["RS256"] }),
    esParts: es.split(".").map((p) => p.length),
    esHeader: jwt.decode(es, { complete: true }).header,
    esDecoded: jwt.verify(es, EC_SEC1, { algorithms: ["ES256"] }),
    esByNode: jwt.verify(ES256_BY_NODE, EC_SEC1, { algorithms: ["ES256"] }),
    wrongKey,
  };
}
