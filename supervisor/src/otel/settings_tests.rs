use super::*;

fn env_of<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
    move |name| {
        pairs
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| (*v).to_owned())
    }
}

fn on() -> TracingSection {
    TracingSection {
        enabled: Some(true),
        ..TracingSection::default()
    }
}

#[test]
fn off_unless_enabled_or_an_endpoint_variable_is_set() {
    let none = env_of(&[]);
    assert_eq!(resolve(&TracingSection::default(), &none), Ok(None));
    let with_url = env_of(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318")]);
    let s = resolve(&TracingSection::default(), &with_url)
        .unwrap()
        .unwrap();
    assert_eq!(s.traces_url, "http://c:4318/v1/traces");
    let off = TracingSection {
        enabled: Some(false),
        ..TracingSection::default()
    };
    assert_eq!(resolve(&off, &with_url), Ok(None));
    let disabled = env_of(&[("OTEL_SDK_DISABLED", "TRUE")]);
    assert_eq!(resolve(&on(), &disabled), Ok(None));
}

#[test]
fn the_file_wins_over_the_environment() {
    let env = env_of(&[
        ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4318"),
        ("OTEL_SERVICE_NAME", "from-env"),
        ("OTEL_TRACES_SAMPLER", "always_off"),
        ("OTEL_TRACES_SAMPLER_ARG", "0.5"),
    ]);
    let s = resolve(&on(), &env).unwrap().unwrap();
    assert_eq!(s.traces_url, "http://env:4318/v1/traces");
    assert_eq!(s.service_name, "from-env");
    assert_eq!(
        s.sampler,
        Sampling {
            parent_based: false,
            ratio: 0.0
        }
    );
    let file = TracingSection {
        endpoint: Some("http://file:4318/v1/traces".into()),
        service_name: Some("shop".into()),
        sampler: Some("parentbased_traceidratio".into()),
        ratio: Some(0.01),
        ..on()
    };
    let s = resolve(&file, &env).unwrap().unwrap();
    assert_eq!(s.traces_url, "http://file:4318/v1/traces");
    assert_eq!(s.service_name, "shop");
    assert_eq!(
        s.sampler,
        Sampling {
            parent_based: true,
            ratio: 0.01
        }
    );
}

#[test]
fn defaults() {
    let s = resolve(&on(), &env_of(&[])).unwrap().unwrap();
    assert_eq!(s.traces_url, "http://localhost:4318/v1/traces");
    assert_eq!(s.service_name, "bextd");
    assert_eq!(
        s.sampler,
        Sampling {
            parent_based: true,
            ratio: 1.0
        }
    );
    let signal = env_of(&[("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:1/x")]);
    let s = resolve(&on(), &signal).unwrap().unwrap();
    assert_eq!(
        s.traces_url, "http://c:1/x",
        "the signal's URL is used as is"
    );
}

#[test]
fn bad_variables_are_named() {
    let cases: &[(&str, &str)] = &[
        ("OTEL_TRACES_SAMPLER", "sometimes"),
        ("OTEL_TRACES_SAMPLER_ARG", "2"),
        ("OTEL_EXPORTER_OTLP_ENDPOINT", "c:4318"),
        ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
        ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://"),
        ("OTEL_SDK_DISABLED", "yes"),
    ];
    for (name, value) in cases {
        let env = [(*name, *value)];
        let err = resolve(&on(), &env_of(&env)).unwrap_err();
        assert_eq!(err.name, *name);
        assert!(err.to_string().contains(value), "{err}");
    }
    // Off, the variables are not bextd's: none is refused.
    let off = TracingSection {
        enabled: Some(false),
        ..TracingSection::default()
    };
    for (name, value) in cases {
        assert_eq!(resolve(&off, &env_of(&[(*name, *value)])), Ok(None));
    }
}
