package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.time.Duration;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.codehaus.plexus.component.configurator.expression.ExpressionEvaluator;
import org.codehaus.plexus.configuration.PlexusConfiguration;
import org.codehaus.plexus.configuration.xml.XmlPlexusConfiguration;
import org.junit.jupiter.api.Test;

/**
 * {@link HipdllConfigurator} on a configuration shaped as Maven passes it (each parameter an element whose
 * value is its {@code ${property}}, its default in a {@code default-value} attribute), with the
 * properties given as on the command line: conversion errors name the property, all at once, and
 * the goal fails with them before it runs; good values are converted strictly.
 */
class HipdllConfiguratorTest {
    private static ExpressionEvaluator properties(Map<String, String> given) {
        return new ExpressionEvaluator() {
            @Override
            public Object evaluate(String expression) {
                if (expression != null && expression.startsWith("${") && expression.endsWith("}")) {
                    return given.get(expression.substring(2, expression.length() - 1));
                }
                return expression;
            }

            @Override
            public File alignToBaseDirectory(File file) {
                return file;
            }
        };
    }

    private static PlexusConfiguration configuration(String... nameExpressionDefault) {
        XmlPlexusConfiguration c = new XmlPlexusConfiguration("configuration");
        for (int i = 0; i < nameExpressionDefault.length; i += 3) {
            c.addChild(nameExpressionDefault[i], nameExpressionDefault[i + 1]);  // returns c, not the child
            PlexusConfiguration child = c.getChild(nameExpressionDefault[i]);
            if (nameExpressionDefault[i + 2] != null) {
                child.setAttribute("default-value", nameExpressionDefault[i + 2]);
            }
        }
        return c;
    }

    @Test
    void conversionErrorsNameTheProperty() throws Exception {
        VerifyMojo mojo = new VerifyMojo();
        new HipdllConfigurator().configureComponent(mojo, configuration(
                "runtimeMajor", "${hip.runtimeMajor}", null,
                "staticRuntime", "${hip.staticRuntime}", "true",
                "failOnExtraExports", "${hip.failOnExtraExports}", "true",
                "maxBundleMiB", "${hip.maxBundleMiB}", "512"),
                properties(Map.of("hip.runtimeMajor", "seven", "hip.staticRuntime", "flase")), null, null);
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertEquals("hipdll:verify: hip.runtimeMajor: 'seven' is not a whole number; hip.staticRuntime: 'flase' is not"
                + " true or false", e.getMessage());
        assertTrue(mojo.failOnExtraExports, "the good parameters are injected");
        assertEquals(512, mojo.maxBundleMiB);
    }

    /** An empty path is refused, naming the property; Maven would have made it the project directory. */
    @Test
    void anEmptyPathIsRefusedNamingTheProperty() throws Exception {
        VerifyMojo mojo = new VerifyMojo();
        new HipdllConfigurator().configureComponent(mojo, configuration(
                "dll", "${hip.dll}", null,
                "reportDirectory", "${hip.reportDirectory}", null,
                "contract", "${hip.contract}", null),
                properties(Map.of("hip.dll", "", "hip.reportDirectory", "  ", "hip.contract", "host/backend_loader.c")),
                null, null);
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertEquals("hipdll:verify: hip.dll: '' is an empty path: give a path, or leave the property out;"
                + " hip.reportDirectory: '  ' is an empty path: give a path, or leave the property out", e.getMessage());
        assertEquals(new File("host/backend_loader.c"), mojo.contract, "a real path is converted as before");
    }

    @Test
    void aValueFromThePomIsNamedByItsElement() throws Exception {
        BuildMojo mojo = new BuildMojo();
        new HipdllConfigurator().configureComponent(mojo, configuration("timeout", "an hour", null),
                properties(Map.of()), null, null);
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertTrue(e.getMessage().startsWith("hipdll:build: <timeout>: 'an hour' is not a duration"), e.getMessage());
    }

    @Test
    void goodValuesAreConverted() throws Exception {
        BuildMojo mojo = new BuildMojo();
        new HipdllConfigurator().configureComponent(mojo, configuration(
                "timeout", "${hip.timeout}", "3600",
                "staticRuntime", "${hip.staticRuntime}", "true",
                "skipBuild", "${hip.build.skip}", "false",
                "jobs", "${hip.jobs}", "0"),
                properties(Map.of("hip.timeout", "10m", "hip.staticRuntime", "FALSE", "hip.jobs", "3")), null, null);
        assertEquals(Duration.ofMinutes(10), mojo.timeout);
        assertFalse(mojo.staticRuntime);
        assertFalse(mojo.skipBuild);
        assertEquals(3, mojo.jobs);
    }

    /**
     * a newcomer's test, D: a whole number too large for its type is out of range, not "not a whole
     * number"; blanks around a number are ignored, as for durations and booleans.
     */
    @Test
    void numbersAreTrimmedAndOutOfRangeIsSaidSo() throws Exception {
        VerifyMojo verify = new VerifyMojo();
        new HipdllConfigurator().configureComponent(verify, configuration(
                "runtimeMajor", "${hip.runtimeMajor}", null,
                "maxDeviceCodeBytes", "${hip.maxDeviceCodeBytes}", null,
                "maxBundleMiB", "${hip.maxBundleMiB}", "512"),
                properties(Map.of("hip.runtimeMajor", "99999999999", "hip.maxDeviceCodeBytes", "99999999999999999999",
                        "hip.maxBundleMiB", " 64 ")), null, null);
        MojoFailureException e = assertThrows(MojoFailureException.class, verify::execute);
        assertEquals("hipdll:verify: hip.runtimeMajor: '99999999999' is out of range (at most 2147483647);"
                + " hip.maxDeviceCodeBytes: '99999999999999999999' is out of range (at most 9223372036854775807)",
                e.getMessage());
        assertEquals(64, verify.maxBundleMiB);

        BuildMojo build = new BuildMojo();
        new HipdllConfigurator().configureComponent(build, configuration(
                "jobs", "${hip.jobs}", "0",
                "heartbeatSeconds", "${hip.heartbeatSeconds}", "30",
                "commandLineLimit", "${hip.commandLineLimit}", "8000"),
                properties(Map.of("hip.jobs", " 2", "hip.heartbeatSeconds", "-99999999999", "hip.commandLineLimit", "2 0")),
                null, null);
        e = assertThrows(MojoFailureException.class, build::execute);
        assertEquals("hipdll:build: hip.heartbeatSeconds: '-99999999999' is out of range (at least -2147483648);"
                + " hip.commandLineLimit: '2 0' is not a whole number", e.getMessage());
        assertEquals(2, build.jobs);
    }
}
